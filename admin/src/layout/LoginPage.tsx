import LockIcon from '@mui/icons-material/Lock';
import { Avatar, Box, Card, CardContent, Typography } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { type SignInMessages, signInLocale, signInMessages } from '../i18n/signIn.ts';
import { uz } from '../i18n/signInUz.ts';
import { loadAuth } from './login/auth.ts';
import { CodeForm } from './login/CodeForm.tsx';
import { CredentialsForm } from './login/CredentialsForm.tsx';
import { type Notify, useSignIn } from './login/useSignIn.ts';
import type { StepProps, Translate } from './login/useSignInForm.ts';
import { useTabTitle } from './login/useTabTitle.ts';
import { useSignInToasts } from './SignInToasts.tsx';
import { useSignInTheme } from './signInTheme.ts';

// The sign-in screen is the back office's first screen, and its JavaScript has a budget
// (admin/scripts/initialJs.ts): it runs without react-admin, whose context, form, inputs and
// hooks would bring most of react-admin into that first load. What they do for this screen is
// written out in login/, to look and read as react-admin's own: the admin (and react-admin
// with it) loads while the user types.

/**
 * Sign-in (spec 2.3): user name and password, both required (login/CredentialsForm.tsx);
 * 'Login successfully' then the admin. For an account with two-factor sign-in, a second step
 * asks for the app's 6-digit code, or a recovery code (login/CodeForm.tsx). What a sign-in
 * does and says is login/useSignIn.ts.
 */
function LoginPage({
  locale,
  messages,
  notify,
}: {
  locale: string;
  messages: SignInMessages;
  notify: Notify;
}) {
  const t: Translate = (key) => messages[key];
  const signIn = useSignIn(locale, messages, notify);
  const step: StepProps = {
    t,
    loading: signIn.loading,
    onInvalid: signIn.onInvalid,
    refusal: signIn.refusal,
    onEdit: signIn.onEdit,
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
      <Card sx={{ width: '100%', maxWidth: 380 }}>
        <CardContent>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 2 }}>
            <Avatar sx={{ bgcolor: 'primary.main', mb: 1 }}>
              <LockIcon />
            </Avatar>
            <Typography component="h1" variant="h6">
              {t('conveyor.login.title')}
            </Typography>
          </Box>
          {signIn.twoFactor ? (
            <CodeForm
              key={signIn.recovery ? 'recovery' : 'totp'}
              {...step}
              onSubmit={signIn.submitCode}
              recovery={signIn.recovery}
              onSwitch={signIn.switchCode}
              onBack={signIn.back}
            />
          ) : (
            <CredentialsForm {...step} onSubmit={signIn.signIn} />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

/**
 * The sign-in screen with its toasts, in the staff's language and theme: at /auth/login, and
 * react-admin's /admin/login. Like react-admin's context, it draws nothing until the texts of
 * a language other than the default have loaded; should they fail to, it stays in Uzbek
 * without a word (react-admin raises its 'ra.notification.i18n_error' toast outside its
 * notifications' context, where it is never shown).
 */
export function LoginScreen() {
  const [locale] = useState(signInLocale);
  const [messages, setMessages] = useState(() => {
    const found = signInMessages(locale);
    return found instanceof Promise ? null : found;
  });
  const [notify, toasts] = useSignInToasts();
  const theme = useSignInTheme();

  useEffect(() => {
    if (messages) return;
    Promise.resolve(signInMessages(locale)).then(setMessages, () => setMessages(uz));
  }, [locale, messages]);
  // what the sign-in will call, while the user types (the admin loads too: Shell.tsx)
  useEffect(() => void loadAuth(locale).catch(() => undefined), [locale]);
  useTabTitle(messages, locale);

  return (
    <ThemeProvider theme={theme}>
      {messages && <LoginPage locale={locale} messages={messages} notify={notify} />}
      {toasts}
    </ThemeProvider>
  );
}
