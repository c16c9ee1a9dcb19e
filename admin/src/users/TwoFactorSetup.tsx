import type { TwoFactorSetup as Setup } from '@conveyor/shared';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useErrorToast } from '../common/useErrorToast.ts';
import { api, saveFile } from '../providers/http.ts';

/** A 6-digit code field, as phones and password managers fill it in. */
export function CodeField({
  value,
  onChange,
  label,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      size="small"
      slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]{6}', maxLength: 6 } }}
      required
    />
  );
}

/**
 * Turning it on: a new secret from the API shown as a QR code and as text, then a code from
 * the app to confirm it. The recovery codes the confirmation answers go to `onEnabled`.
 */
export function EnableTwoFactor({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const translate = useTranslate();
  const onError = useErrorToast('conveyor.two_factor.failed');
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const start = useMutation({
    mutationFn: async () =>
      (await api<{ data: Setup }>('/two-factor/setup', { method: 'POST' })).data,
    onSuccess: (data) => {
      setSetup(data);
      setCode('');
    },
    onError,
  });
  const confirm = useMutation({
    mutationFn: async () =>
      (await api<{ data: string[] }>('/two-factor/confirm', { method: 'POST', json: { code } }))
        .data,
    onSuccess: onEnabled,
    onError,
  });

  if (!setup) {
    return (
      <Button variant="contained" disabled={start.isPending} onClick={() => start.mutate()}>
        {translate('conveyor.two_factor.enable')}
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length === 6) confirm.mutate();
  };
  return (
    <Box component="form" onSubmit={submit} data-testid="two-factor-setup">
      <Typography variant="body2">{translate('conveyor.two_factor.scan')}</Typography>
      <Box
        component="img"
        src={setup.qr}
        alt={translate('conveyor.two_factor.qr_alt')}
        sx={{ width: 200, height: 200, my: 1, bgcolor: 'common.white', display: 'block' }}
      />
      <Typography variant="body2">
        {translate('conveyor.two_factor.secret')}:{' '}
        <Box
          component="code"
          data-testid="two-factor-secret"
          sx={{ fontFamily: 'monospace', userSelect: 'all', wordBreak: 'break-all' }}
        >
          {setup.secret}
        </Box>
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <CodeField
          value={code}
          onChange={setCode}
          label={translate('conveyor.two_factor.code')}
          autoFocus
        />
        <Button type="submit" variant="contained" disabled={confirm.isPending || code.length !== 6}>
          {translate('conveyor.two_factor.confirm')}
        </Button>
        <Button onClick={() => setSetup(null)}>{translate('conveyor.two_factor.cancel')}</Button>
      </Stack>
    </Box>
  );
}

/** Fresh recovery codes, shown once: copy them, download them as a text file. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  return (
    <Box data-testid="recovery-codes" sx={{ my: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {translate('conveyor.two_factor.codes_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('conveyor.two_factor.codes_explain')}
      </Typography>
      <Box
        component="ul"
        sx={{
          fontFamily: 'monospace',
          listStyle: 'none',
          pl: 0,
          columns: 2,
          maxWidth: 420,
          my: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {translate(copied ? 'conveyor.two_factor.copied' : 'conveyor.two_factor.copy')}
        </Button>
        <Button
          variant="outlined"
          onClick={() =>
            saveFile({
              blob: new Blob([text], { type: 'text/plain' }),
              filename: 'conveyor-recovery-codes.txt',
            })
          }
        >
          {translate('conveyor.two_factor.download')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {translate('conveyor.two_factor.done')}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * Proof that it is the user (their password, or a current code), for new recovery codes or for
 * turning it off: `onProof` gets `{ password }` or `{ code }`.
 */
export function ProofForm({
  action,
  pending,
  onProof,
  onCancel,
}: {
  action: string;
  pending: boolean;
  onProof: (proof: { password: string } | { code: string }) => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length === 6) onProof({ code });
    else if (password) onProof({ password });
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ my: 1 }} data-testid="two-factor-proof">
      <Typography variant="body2">{translate('conveyor.two_factor.proof')}</Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          type="password"
          size="small"
          label={translate('conveyor.two_factor.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <CodeField
          value={code}
          onChange={setCode}
          label={translate('conveyor.two_factor.proof_code')}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={pending || (!password && code.length !== 6)}
        >
          {action}
        </Button>
        <Button onClick={onCancel}>{translate('conveyor.two_factor.cancel')}</Button>
      </Stack>
    </Box>
  );
}
