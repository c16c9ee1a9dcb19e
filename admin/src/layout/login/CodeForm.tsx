import { Button, Typography } from '@mui/material';
import { Refusal, SignInButton, SignInField } from './SignInFields.tsx';
import { required, sixDigits, type StepProps, useSignInForm } from './useSignInForm.ts';

/** The second step of a two-factor sign-in: the app's 6-digit code, or a recovery code. */
export function CodeForm({
  t,
  loading,
  onInvalid,
  refusal,
  onEdit,
  onSubmit,
  recovery,
  onSwitch,
  onBack,
}: StepProps & {
  onSubmit: (code: string) => void;
  recovery: boolean;
  onSwitch: () => void;
  onBack: () => void;
}) {
  const form = useSignInForm(
    { code: recovery ? [required(t)] : [required(t), sixDigits(t)] },
    ({ code }) => onSubmit(code),
    onInvalid,
    onEdit,
  );
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t(recovery ? 'conveyor.login.recovery_prompt' : 'conveyor.login.code_prompt')}
      </Typography>
      <SignInField
        {...form.field('code')}
        label={t(recovery ? 'conveyor.login.recovery_code' : 'conveyor.login.code')}
        autoComplete="one-time-code"
        htmlInput={recovery ? {} : { inputMode: 'numeric', maxLength: 6 }}
        autoFocus
      />
      <Refusal text={refusal} />
      <SignInButton loading={loading} t={t} />
      <Button fullWidth sx={{ mt: 1 }} onClick={onSwitch}>
        {t(recovery ? 'conveyor.login.use_code' : 'conveyor.login.use_recovery')}
      </Button>
      <Button fullWidth onClick={onBack}>
        {t('conveyor.back')}
      </Button>
    </form>
  );
}
