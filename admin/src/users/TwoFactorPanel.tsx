import type { TwoFactorStatus, User } from '@conveyor/shared';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Confirm,
  useCanAccess,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useErrorToast } from '../common/useErrorToast.ts';
import { forgetIdentity } from '../providers/authProvider.ts';
import { api } from '../providers/http.ts';
import { isOwnAccount } from './password.ts';
import { EnableTwoFactor, ProofForm, RecoveryCodes } from './TwoFactorSetup.tsx';

const STATUS_KEY = ['two-factor'];

function StatusChip({ on }: { on: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={on ? 'success' : 'default'}
      label={translate(on ? 'conveyor.two_factor.on' : 'conveyor.two_factor.off')}
      sx={{ ml: 1 }}
    />
  );
}

/**
 * Two-factor authentication on a user's screen: one's own to turn on, renew the
 * recovery codes of, or turn off; for an admin on another user's, its state and turning it off
 * (a lost phone). Nobody else sees it.
 */
export function TwoFactorPanel() {
  const record = useRecordContext<User>();
  const { identity } = useGetIdentity();
  const { canAccess: admin } = useCanAccess({ action: 'edit', resource: 'users.role' });
  if (!record || !identity) return null;
  if (isOwnAccount(record.id, identity.id)) return <OwnTwoFactor />;
  return admin ? <UserTwoFactor record={record} /> : null;
}

/** The signed-in user's own two-factor authentication; `onDone` after the codes are saved. */
export function OwnTwoFactor({ onDone }: { onDone?: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const onError = useErrorToast('conveyor.two_factor.failed');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<'regenerate' | 'disable' | null>(null);
  const { data: status } = useQuery({
    queryKey: STATUS_KEY,
    queryFn: async () => (await api<{ data: TwoFactorStatus }>('/two-factor')).data,
  });
  const changed = async () => {
    forgetIdentity();
    await queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
  };
  const regenerate = useMutation({
    mutationFn: async (proof: object) =>
      (await api<{ data: string[] }>('/two-factor/recovery-codes', { method: 'POST', json: proof }))
        .data,
    onSuccess: async (fresh) => {
      setAsking(null);
      setCodes(fresh);
      await changed();
    },
    onError,
  });
  const disable = useMutation({
    mutationFn: (proof: object) => api('/two-factor', { method: 'DELETE', json: proof }),
    onSuccess: async () => {
      setAsking(null);
      notify('conveyor.two_factor.disabled', { type: 'success' });
      await changed();
    },
    onError,
  });
  if (!status) return null;

  const body = codes ? (
    <RecoveryCodes
      codes={codes}
      onDone={() => {
        setCodes(null);
        onDone?.();
      }}
    />
  ) : !status.enabled ? (
    <EnableTwoFactor
      onEnabled={async (fresh) => {
        setCodes(fresh);
        notify('conveyor.two_factor.enabled', { type: 'success' });
        await changed();
      }}
    />
  ) : asking ? (
    <ProofForm
      action={translate(
        asking === 'disable' ? 'conveyor.two_factor.disable' : 'conveyor.two_factor.regenerate',
      )}
      pending={regenerate.isPending || disable.isPending}
      onProof={(proof) => (asking === 'disable' ? disable : regenerate).mutate(proof)}
      onCancel={() => setAsking(null)}
    />
  ) : (
    <>
      <Typography variant="body2">
        {translate('conveyor.two_factor.codes_left', { count: status.recovery_codes_left })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => setAsking('regenerate')}>
          {translate('conveyor.two_factor.regenerate')}
        </Button>
        <Button variant="outlined" color="warning" onClick={() => setAsking('disable')}>
          {translate('conveyor.two_factor.disable')}
        </Button>
      </Stack>
    </>
  );

  return (
    <Box data-testid="two-factor" sx={{ px: 2, pb: 2, maxWidth: 720 }}>
      <Typography variant="subtitle1" component="h2">
        {translate('conveyor.two_factor.title')}
        <StatusChip on={status.enabled} />
      </Typography>
      {status.required && !status.enabled && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {translate('conveyor.two_factor.required')}
        </Alert>
      )}
      {!status.enabled && !codes && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('conveyor.two_factor.explain')}
        </Typography>
      )}
      {body}
    </Box>
  );
}

/** Another user's, as an admin sees it: on or off, and off it goes when their phone is lost. */
function UserTwoFactor({ record }: { record: User }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const onError = useErrorToast('conveyor.two_factor.failed');
  const [confirming, setConfirming] = useState(false);
  const disable = useMutation({
    mutationFn: () => api(`/users/${record.id}/two-factor`, { method: 'DELETE' }),
    onSuccess: () => {
      setConfirming(false);
      notify('conveyor.two_factor.disabled', { type: 'success' });
      refresh();
    },
    onError,
  });
  return (
    <Box data-testid="two-factor" sx={{ px: 2, pb: 2, maxWidth: 720 }}>
      <Typography variant="subtitle1" component="h2">
        {translate('conveyor.two_factor.title')}
        <StatusChip on={record.two_factor} />
      </Typography>
      {record.two_factor && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('conveyor.two_factor.admin_explain')}
          </Typography>
          <Button variant="outlined" color="warning" onClick={() => setConfirming(true)}>
            {translate('conveyor.two_factor.admin_disable')}
          </Button>
          <Confirm
            isOpen={confirming}
            loading={disable.isPending}
            title="conveyor.two_factor.admin_disable"
            content="conveyor.two_factor.admin_explain"
            onConfirm={() => disable.mutate()}
            onClose={() => setConfirming(false)}
          />
        </>
      )}
    </Box>
  );
}
