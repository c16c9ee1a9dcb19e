import type { Session } from '@conveyor/shared';
import {
  Box,
  Button,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useGetIdentity, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useErrorToast } from '../common/useErrorToast.ts';
import { api } from '../providers/http.ts';
import { useFormat } from '../publishing/format.ts';
import { isOwnAccount } from './password.ts';

/**
 * A user's sign-in sessions under their form: device, address, when it started and was last
 * used. On one's own account each other session can be ended, or all of them but this one; an
 * admin ends all of another user's (a lost phone, someone who left). The API decides who may
 * see them; this panel is on the screens of those who may.
 */
export function SessionsPanel() {
  const record = useRecordContext<{ id: number }>();
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const format = useFormat();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const onError = useErrorToast('conveyor.sessions.failed');
  const own = isOwnAccount(record?.id, identity?.id);
  const key = ['sessions', record?.id];
  const { data: sessions } = useQuery({
    queryKey: key,
    enabled: record !== undefined,
    queryFn: async () => (await api<{ data: Session[] }>(`/users/${record!.id}/sessions`)).data,
  });
  const ended = async () => {
    notify('conveyor.sessions.ended', { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: key });
  };
  const endOne = useMutation({
    mutationFn: (id: number) => api(`/sessions/${id}`, { method: 'DELETE' }),
    onSuccess: ended,
    onError,
  });
  const endAll = useMutation({
    mutationFn: () => api(`/users/${record!.id}/sessions`, { method: 'DELETE' }),
    onSuccess: ended,
    onError,
  });
  if (!record || sessions === undefined) return null;
  const others = sessions.filter((session) => !session.current);

  return (
    <Box data-testid="sessions" sx={{ px: 2, pb: 2, maxWidth: 720 }}>
      <Typography variant="subtitle1" component="h2">
        {translate('conveyor.sessions.title')}
      </Typography>
      {sessions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('conveyor.sessions.none')}
        </Typography>
      ) : (
        <List dense>
          {sessions.map((session) => (
            <ListItem
              key={session.id}
              disableGutters
              secondaryAction={
                own && !session.current ? (
                  <IconButton
                    edge="end"
                    aria-label={translate('conveyor.sessions.end')}
                    disabled={endOne.isPending}
                    onClick={() => endOne.mutate(session.id)}
                  >
                    <LogoutIcon />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemText
                primary={
                  <>
                    {session.device || translate('conveyor.sessions.unknown_device')}
                    {session.current && (
                      <Chip
                        size="small"
                        color="success"
                        sx={{ ml: 1 }}
                        label={translate('conveyor.sessions.current')}
                      />
                    )}
                  </>
                }
                secondary={translate('conveyor.sessions.details', {
                  ip: session.ip || '—',
                  started: format.date(session.created_at),
                  used: format.date(session.last_used_at),
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
      {(own ? others.length > 0 : sessions.length > 0) && (
        <Button
          variant="outlined"
          color="warning"
          startIcon={<LogoutIcon />}
          disabled={endAll.isPending}
          onClick={() => endAll.mutate()}
        >
          {translate(own ? 'conveyor.sessions.end_others' : 'conveyor.sessions.end_all')}
        </Button>
      )}
    </Box>
  );
}
