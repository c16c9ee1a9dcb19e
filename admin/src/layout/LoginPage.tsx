import LockIcon from '@mui/icons-material/Lock';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import {
  Form,
  PasswordInput,
  regex,
  required,
  TextInput,
  useLogin,
  useNotify,
  useTranslate,
} from 'react-admin';
import { type Credentials, signedOutNotice } from '../providers/authProvider.ts';
import { AdminNotification } from './AdminNotification.tsx';

const SIGNED_IN_FLAG = 'conveyor.signedIn';

/** The form's submit button, spinning while the sign-in is under way. */
function SignInButton({ loading }: { loading: boolean }) {
  const translate = useTranslate();
  return (
    <Button
      type="submit"
      variant="contained"
      fullWidth
      disabled={loading}
      startIcon={loading ? <CircularProgress size={18} /> : undefined}
      sx={{ mt: 1 }}
    >
      {translate('ra.auth.sign_in')}
    </Button>
  );
}

/** 'Login successfully', once, on the first admin screen after signing in. */
export function SignedInToast() {
  const notify = useNotify();
  useEffect(() => {
    if (sessionStorage.getItem(SIGNED_IN_FLAG)) {
      sessionStorage.removeItem(SIGNED_IN_FLAG);
      notify('conveyor.login.success', { type: 'success' });
    }
  }, [notify]);
  return null;
}

/** Why the user was just signed out (the API's 401 text), as the spec's warning toast. */
function SignedOutToast() {
  const notify = useNotify();
  useEffect(() => {
    const message = signedOutNotice.take();
    if (message) notify(message, { type: 'warning' });
  }, [notify]);
  return null;
}

/**
 * Sign-in (spec 2.3): user name and password, both required; 'Login successfully' then the
 * admin, 'Wrong username or password' on a refused sign-in, the API's text for anything else
 * (too many attempts, server down). For an account with two-factor sign-in, a second step asks
 * for the app's 6-digit code, or a recovery code.
 */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const translate = useTranslate();
  const [loading, setLoading] = useState(false);
  // After a right password for an account with two-factor sign-in: the same sign-in again,
  // with the code of the app (or a recovery code). The password is kept in memory only.
  const [pending, setPending] = useState<{ username: string; password: string } | null>(null);
  const [recovery, setRecovery] = useState(false);

  const attempt = async (credentials: Credentials) => {
    setLoading(true);
    try {
      // back to the page that asked for sign-in, or /admin
      // The admin shows 'Login successfully' once it has opened (SignedInToast): a toast
      // raised here would vanish with the sign-in screen.
      sessionStorage.setItem(SIGNED_IN_FLAG, '1');
      await login(credentials);
    } catch (error) {
      sessionStorage.removeItem(SIGNED_IN_FLAG);
      const { status, body } = error as { status?: number; body?: { code?: unknown } };
      const code = body?.code;
      if (code === 'twoFactorRequired') {
        setPending({ username: credentials.username, password: credentials.password });
      } else {
        notify(
          code === 'twoFactorWrong'
            ? 'conveyor.login.code_failure'
            : status === 401
              ? 'conveyor.login.failure'
              : (error as Error).message,
          { type: 'error' },
        );
      }
      setLoading(false);
    }
  };
  const submit = (values: Record<string, unknown>) =>
    attempt({ username: String(values.username), password: String(values.password) });
  const submitCode = (values: Record<string, unknown>) => {
    const value = String(values.code ?? '').trim();
    return attempt({
      ...pending!,
      ...(recovery ? { recovery_code: value } : { totp: value.replace(/\s/g, '') }),
    });
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <SignedOutToast />
      <Card sx={{ width: '100%', maxWidth: 380 }}>
        <CardContent>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 2 }}>
            <Avatar sx={{ bgcolor: 'primary.main', mb: 1 }}>
              <LockIcon />
            </Avatar>
            <Typography component="h1" variant="h6">
              {translate('conveyor.login.title')}
            </Typography>
          </Box>
          {pending ? (
            <Form key={recovery ? 'recovery' : 'totp'} onSubmit={submitCode} noValidate>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {translate(
                  recovery ? 'conveyor.login.recovery_prompt' : 'conveyor.login.code_prompt',
                )}
              </Typography>
              <TextInput
                source="code"
                label={recovery ? 'conveyor.login.recovery_code' : 'conveyor.login.code'}
                autoComplete="one-time-code"
                validate={recovery ? required() : [required(), regex(/^\s*\d{6}\s*$/)]}
                inputProps={recovery ? {} : { inputMode: 'numeric', maxLength: 6 }}
                fullWidth
                autoFocus
              />
              <SignInButton loading={loading} />
              <Button fullWidth sx={{ mt: 1 }} onClick={() => setRecovery(!recovery)}>
                {translate(recovery ? 'conveyor.login.use_code' : 'conveyor.login.use_recovery')}
              </Button>
              <Button
                fullWidth
                onClick={() => {
                  setPending(null);
                  setRecovery(false);
                }}
              >
                {translate('conveyor.back')}
              </Button>
            </Form>
          ) : (
            <Form onSubmit={submit} noValidate>
              <TextInput
                source="username"
                label="ra.auth.username"
                autoComplete="username"
                validate={required()}
                fullWidth
                autoFocus
              />
              <PasswordInput
                source="password"
                label="ra.auth.password"
                autoComplete="current-password"
                validate={required()}
                fullWidth
              />
              <SignInButton loading={loading} />
            </Form>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

/** The sign-in screen with the admin's toasts: at /auth/login, and react-admin's /admin/login. */
export function LoginScreen() {
  return (
    <>
      <LoginPage />
      <AdminNotification />
    </>
  );
}
