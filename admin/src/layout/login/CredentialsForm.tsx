import { PasswordField, Refusal, SignInButton, SignInField } from './SignInFields.tsx';
import { required, type StepProps, useSignInForm } from './useSignInForm.ts';

/** The first step: user name and password, both required. */
export function CredentialsForm({
  t,
  loading,
  onInvalid,
  refusal,
  onEdit,
  onSubmit,
}: StepProps & { onSubmit: (values: { username: string; password: string }) => void }) {
  const form = useSignInForm(
    { username: [required(t)], password: [required(t)] },
    onSubmit,
    onInvalid,
    onEdit,
  );
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <SignInField
        {...form.field('username')}
        label={t('ra.auth.username')}
        autoComplete="username"
        autoFocus
      />
      <PasswordField
        {...form.field('password')}
        t={t}
        label={t('ra.auth.password')}
        autoComplete="current-password"
      />
      <Refusal text={refusal} />
      <SignInButton loading={loading} t={t} />
    </form>
  );
}
