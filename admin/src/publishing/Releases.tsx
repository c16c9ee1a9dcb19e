import type { Build, PublishingStatus } from '@conveyor/shared';
import RestoreIcon from '@mui/icons-material/Restore';
import { Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CanAccess, Confirm, useNotify, useTranslate } from 'react-admin';
import { SimpleTable } from '../common/SimpleTable.tsx';
import { useFileSize } from '../common/useFileSize.ts';
import { useErrorToast } from '../common/useErrorToast.ts';
import { makeLive } from './api.ts';
import { useFormat } from './format.ts';
import { Triggers } from './Triggers.tsx';

/**
 * The kept releases (rollback): when each was built, its pages and the changes that
 * asked for it; any of them is made live again after a confirmation, atomically, until the
 * next publish. Shown where this server builds the site (a build hook's host keeps its own).
 */
export function Releases({ data }: { data: PublishingStatus }) {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const size = useFileSize();
  const queryClient = useQueryClient();
  const onError = useErrorToast('conveyor.errors.toggle');
  const [asked, setAsked] = useState<Build | null>(null);
  const live = useMutation({
    mutationFn: (build: Build) => makeLive(build.release ?? ''),
    onSuccess: (switched, build) => {
      setAsked(null);
      const date = format.date(build.finishedAt);
      notify(switched ? 'conveyor.publishing.made_live' : 'conveyor.publishing.switching', {
        type: 'success',
        messageArgs: { date },
      });
      void queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
    onError: (error) => {
      setAsked(null);
      onError(error);
    },
  });
  if (data.mode === 'webhook' || data.releases.length === 0) return null;
  return (
    <Card data-testid="publishing-releases">
      <CardContent>
        <Typography variant="overline">{translate('conveyor.publishing.releases')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('conveyor.publishing.releases_explain')}
        </Typography>
        {data.disk && (
          <Typography variant="body2" data-testid="releases-disk">
            {translate('conveyor.publishing.disk', {
              bytes: size(data.disk.bytes),
              copies: size(data.disk.copies),
              smart_count: data.disk.releases,
            })}
          </Typography>
        )}
        <SimpleTable
          rows={data.releases}
          rowKey={(build) => build.id}
          rowTestId={() => 'release'}
          columns={[
            {
              label: 'conveyor.publishing.built',
              render: (build) => format.date(build.finishedAt),
            },
            { label: 'conveyor.publishing.pages', render: (build) => build.pages ?? '—' },
            { label: 'conveyor.publishing.made_by', render: (build) => <Triggers build={build} /> },
            {
              align: 'right',
              render: (build) =>
                build.release === data.live?.release ? (
                  <Chip
                    size="small"
                    color="success"
                    label={translate('conveyor.publishing.live_now')}
                  />
                ) : (
                  <CanAccess action="edit" resource="publishing">
                    <Button
                      size="small"
                      startIcon={<RestoreIcon />}
                      disabled={live.isPending}
                      onClick={() => setAsked(build)}
                    >
                      {translate('conveyor.publishing.make_live')}
                    </Button>
                  </CanAccess>
                ),
            },
          ]}
        />
      </CardContent>
      <Confirm
        isOpen={asked !== null}
        loading={live.isPending}
        title={translate('conveyor.publishing.make_live_title', {
          date: format.date(asked?.finishedAt),
        })}
        content={translate('conveyor.publishing.make_live_content')}
        onConfirm={() => asked && live.mutate(asked)}
        onClose={() => setAsked(null)}
      />
    </Card>
  );
}
