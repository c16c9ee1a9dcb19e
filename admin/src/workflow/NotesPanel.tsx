import type { Note } from '@conveyor/shared';
import { Box, IconButton, List, ListItem, ListItemText } from '@mui/material';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useGetIdentity, useRecordContext, useTranslate } from 'react-admin';
import { TextSendForm } from '../common/TextSendForm.tsx';
import { useErrorToast } from '../common/useErrorToast.ts';
import { useFormat } from '../publishing/format.ts';
import { api } from '../providers/http.ts';

/**
 * Staff notes on a lead or an application, oldest first, each with its author and time; a new
 * one is added below, and its author may delete their own.
 */
export function NotesPanel({ subject }: { subject: 'leads' | 'suppliers' }) {
  const record = useRecordContext<{ id: number }>();
  const translate = useTranslate();
  const format = useFormat();
  const { identity } = useGetIdentity();
  const queryClient = useQueryClient();
  const errorToast = useErrorToast('conveyor.workflow.note_failed');
  const key = ['notes', subject, record?.id];
  const url = `/${subject}/${record?.id}/notes`;
  const { data: notes = [] } = useQuery({
    queryKey: key,
    enabled: record !== undefined,
    queryFn: async () => (await api<{ data: Note[] }>(url)).data,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: (body: string) => api(url, { method: 'POST', json: { body } }),
    onSuccess: refresh,
    onError: errorToast,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(`${url}/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
    onError: errorToast,
  });
  if (!record) return null;

  return (
    <Box data-testid="notes" sx={{ mt: 2, maxWidth: 720 }}>
      <Typography variant="subtitle2">{translate('conveyor.workflow.notes')}</Typography>
      {notes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('conveyor.workflow.no_notes')}
        </Typography>
      ) : (
        <List dense>
          {notes.map((note) => (
            <ListItem
              key={note.id}
              disableGutters
              secondaryAction={
                note.author_id !== null && note.author_id === identity?.id ? (
                  <IconButton
                    edge="end"
                    aria-label={translate('conveyor.workflow.delete_note')}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(note.id)}
                  >
                    <DeleteIcon />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemText
                primary={note.body}
                secondary={`${note.author_name} · ${format.date(note.created_at)}`}
                slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <TextSendForm
        label={translate('conveyor.workflow.note_label')}
        button={translate('conveyor.workflow.add_note')}
        maxLength={5000}
        pending={add.isPending}
        onSend={(body) => add.mutateAsync(body)}
      />
    </Box>
  );
}
