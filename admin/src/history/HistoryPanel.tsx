import { type Revision, RESOURCE_REGISTRY, hasHistory } from '@conveyor/shared';
import RestoreIcon from '@mui/icons-material/Restore';
import CompareIcon from '@mui/icons-material/CompareArrows';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import {
  CanAccess,
  Confirm,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { fieldLabel } from '../common/fieldLabel.ts';
import { SimpleTable } from '../common/SimpleTable.tsx';
import { fileUrl } from '../config.ts';
import { useErrorToast } from '../common/useErrorToast.ts';
import { api } from '../providers/http.ts';
import { useFormat } from '../publishing/format.ts';
import { useActorName } from '../schedules/actor.ts';
import { changedKeys, type TextPart, textChanges } from './diff.ts';

type Snapshot = Record<string, unknown>;

/** Whether a field holds pictures (the resource's image column, a product's gallery). */
function isImageField(resource: string, field: string): boolean {
  const entry = hasHistory(resource) ? RESOURCE_REGISTRY[resource] : undefined;
  const imageColumn = entry && 'image' in entry ? entry.image.column : null;
  return field === imageColumn || field === 'images';
}

/** A field's value as staff read it: a switch as on/off, images as thumbnails, text as it is. */
function Value({ resource, field, value }: { resource: string; field: string; value: unknown }) {
  const translate = useTranslate();
  if (isImageField(resource, field)) {
    const paths = (Array.isArray(value) ? value : [value]).filter(
      (path): path is string => typeof path === 'string' && path !== '',
    );
    if (!paths.length) return <>—</>;
    return (
      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
        {paths.map((path) => (
          <Box
            key={path}
            component="img"
            src={fileUrl(path)}
            alt=""
            sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }}
          />
        ))}
      </Stack>
    );
  }
  if (typeof value === 'boolean')
    return <>{translate(`conveyor.history.${value ? 'on' : 'off'}`)}</>;
  if (value === null || value === undefined || value === '') return <>—</>;
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {String(value)}
    </Box>
  );
}

/** A text with what differs from the other side marked: struck out red, or underlined green. */
function MarkedText({ parts }: { parts: TextPart[] }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, index) =>
        part.change === undefined ? (
          part.text
        ) : (
          <Box
            key={index}
            component={part.change === 'removed' ? 'del' : 'ins'}
            data-change={part.change}
            sx={{
              bgcolor: part.change === 'removed' ? 'error.light' : 'success.light',
              color: part.change === 'removed' ? 'error.contrastText' : 'success.contrastText',
              borderRadius: 0.5,
            }}
          >
            {part.text}
          </Box>
        ),
      )}
    </Box>
  );
}

/** A field's two values, then and now; two texts with what differs between them marked. */
function valuePair(
  resource: string,
  field: string,
  then: unknown,
  now: unknown,
): { then: ReactNode; now: ReactNode } {
  const texts = typeof then === 'string' && typeof now === 'string' && then !== '' && now !== '';
  if (texts && !isImageField(resource, field)) {
    const parts = textChanges(then, now);
    return { then: <MarkedText parts={parts.then} />, now: <MarkedText parts={parts.now} /> };
  }
  return {
    then: <Value resource={resource} field={field} value={then} />,
    now: <Value resource={resource} field={field} value={now} />,
  };
}

/** The revision beside the record as it is now: only the fields that differ, what differs marked. */
function Compare({
  resource,
  revision,
  current,
  onClose,
}: {
  resource: string;
  revision: Revision;
  current: Snapshot;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const format = useFormat();
  const keys = changedKeys(revision.snapshot, current);
  const label = (field: string) => fieldLabel(translate, resource, field);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {translate('conveyor.history.compare_title', { date: format.date(revision.created_at) })}
      </DialogTitle>
      <DialogContent>
        <SimpleTable
          testId="history-diff"
          rows={keys.map((field) => ({
            field,
            ...valuePair(resource, field, revision.snapshot[field], current[field]),
          }))}
          rowKey={(row) => row.field}
          empty={<Typography>{translate('conveyor.history.same')}</Typography>}
          columns={[
            { label: 'conveyor.history.field', render: (row) => label(row.field) },
            { label: 'conveyor.history.then', render: (row) => row.then },
            { label: 'conveyor.history.now', render: (row) => row.now },
          ]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The History of a content record, under its form: every revision (who, when, what changed),
 * each compared with the record as it is now, and restored in one click after a confirmation.
 * A restore is a revision of its own and goes live like a save.
 */
export function HistoryPanel() {
  const record = useRecordContext<{ id: number }>();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const format = useFormat();
  const actorName = useActorName();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const onError = useErrorToast('conveyor.history.failed');
  const [comparing, setComparing] = useState<Revision | null>(null);
  const [restoring, setRestoring] = useState<Revision | null>(null);
  const key = ['revisions', resource, record?.id];
  // the company data is one record: its history has no id in its address
  const withHistory = hasHistory(resource) || resource === 'settings';
  const base = resource === 'settings' ? '/settings' : `/${resource}/${record?.id}`;
  const { data: revisions } = useQuery({
    queryKey: key,
    enabled: record !== undefined && withHistory,
    queryFn: async () => (await api<{ data: Revision[] }>(`${base}/revisions`)).data,
  });
  const restore = useMutation({
    mutationFn: (revision: Revision) =>
      api(`${base}/revisions/${revision.id}/restore`, {
        method: 'POST',
        json: {},
      }),
    onSuccess: async () => {
      setRestoring(null);
      notify('conveyor.history.restored', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: key });
      refresh();
    },
    onError: (error) => {
      setRestoring(null);
      onError(error);
    },
  });
  if (!record || !withHistory || revisions === undefined) return null;
  const fieldList = (fields: string[]) =>
    fields.map((field) => fieldLabel(translate, resource, field)).join(', ');

  return (
    <Box data-testid="history" sx={{ px: 2, pb: 2, maxWidth: 900 }}>
      <Typography variant="subtitle1" component="h2">
        {translate('conveyor.history.title')}
      </Typography>
      {revisions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('conveyor.history.none')}
        </Typography>
      ) : (
        <List dense>
          {revisions.map((revision, index) => (
            <ListItem
              key={revision.id}
              disableGutters
              sx={{ flexWrap: 'wrap', gap: 1 }}
              data-testid="revision"
            >
              <ListItemText
                primary={`${translate(`conveyor.history.actions.${revision.action}`)} · ${
                  actorName(revision.user_id, revision.user_name) ||
                  translate('conveyor.history.nobody')
                }`}
                secondary={[format.date(revision.created_at), fieldList(revision.fields)]
                  .filter(Boolean)
                  .join(' · ')}
              />
              <Button
                size="small"
                startIcon={<CompareIcon />}
                onClick={() => setComparing(revision)}
              >
                {translate('conveyor.history.compare')}
              </Button>
              {/* the newest revision is the record as it is: nothing to go back to */}
              {index > 0 && (
                <CanAccess action="edit" resource={resource}>
                  <Button
                    size="small"
                    startIcon={<RestoreIcon />}
                    disabled={restore.isPending}
                    onClick={() => setRestoring(revision)}
                  >
                    {translate('conveyor.history.restore')}
                  </Button>
                </CanAccess>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {comparing && (
        <Compare
          resource={resource}
          revision={comparing}
          current={record as unknown as Snapshot}
          onClose={() => setComparing(null)}
        />
      )}
      <Confirm
        isOpen={restoring !== null}
        loading={restore.isPending}
        title="conveyor.history.restore_title"
        content="conveyor.history.restore_confirm"
        translateOptions={{ date: restoring ? format.date(restoring.created_at) : '' }}
        onConfirm={() => restoring && restore.mutate(restoring)}
        onClose={() => setRestoring(null)}
      />
    </Box>
  );
}
