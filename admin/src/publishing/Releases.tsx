import type { Build, PublishingStatus } from '@conveyor/shared';
import RestoreIcon from '@mui/icons-material/Restore';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CanAccess, Confirm, useNotify, useTranslate } from 'react-admin';
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
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('conveyor.publishing.built')}</TableCell>
                <TableCell>{translate('conveyor.publishing.pages')}</TableCell>
                <TableCell>{translate('conveyor.publishing.made_by')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.releases.map((build) => (
                <TableRow key={build.id} data-testid="release">
                  <TableCell>{format.date(build.finishedAt)}</TableCell>
                  <TableCell>{build.pages ?? '—'}</TableCell>
                  <TableCell>
                    <Triggers build={build} />
                  </TableCell>
                  <TableCell align="right">
                    {build.release === data.live?.release ? (
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
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
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
