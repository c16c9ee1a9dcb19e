import LockIcon from '@mui/icons-material/Lock';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  IconButton,
  InputAdornment,
  TextField,
  Typography,
} from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import {
  type ChangeEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ADMIN_BASENAME, SIGNED_IN_FLAG } from '../config.ts';
import {
  fillIn,
  type SignInKey,
  type SignInMessages,
  signInLocale,
  signInMessages,
} from '../i18n/signIn.ts';
import { uz } from '../i18n/signInUz.ts';
import type * as I18nModule from '../i18n/index.ts';
import type * as AuthModule from '../providers/authProvider.ts';
import type { Credentials } from '../providers/authProvider.ts';
import { signedOutNotice } from '../providers/signedOutNotice.ts';
import { type ToastType, useSignInToasts } from './SignInToasts.tsx';
import { useSignInTheme } from './signInTheme.ts';
import { companyName, tabTitle } from './tabTitle.ts';

// The sign-in screen is the back office's first screen, and its JavaScript has a budget
// (admin/scripts/initialJs.ts): it runs without react-admin, whose context, form, inputs and
// hooks brought most of react-admin into that first load. What they did for this screen is
// written out here, to look and read as it did: the admin (and react-admin with it) loads
// while the user types.

type Translate = (key: SignInKey) => string;
type Notify = (message: string, type: ToastType) => void;

/** What a sign-in needs of the admin's code: its auth provider and its i18n provider. */
interface Auth {
  login: (credentials: Credentials) => Promise<unknown>;
  translate: (key: string) => string;
}

let authModules: Promise<[typeof AuthModule, typeof I18nModule]> | undefined;

/**
 * The auth provider and the i18n provider, loaded apart from the screen (they import
 * react-admin and the catalogues; the admin that follows shares them). The i18n provider is put
 * in the screen's language, as react-admin's context did: the API's error texts that a refused
 * sign-in shows are read in it (providers/apiErrors.ts).
 */
async function loadAuth(locale: string): Promise<Auth> {
  authModules ??= Promise.all([import('../providers/authProvider.ts'), import('../i18n/index.ts')]);
  let modules;
  try {
    modules = await authModules;
  } catch (error) {
    authModules = undefined; // asked again by the next sign-in
    throw error;
  }
  const [{ authProvider }, { i18nProvider }] = modules;
  if (i18nProvider.getLocale() !== locale) {
    await Promise.resolve(i18nProvider.changeLocale(locale)).catch(() => undefined);
  }
  return {
    login: (credentials) => authProvider.login(credentials) as Promise<unknown>,
    translate: (key) => i18nProvider.translate(key),
  };
}

/** What looks like a key of the catalogues (`conveyor.errors.network`), not a sentence. */
const CATALOGUE_KEY = /^[a-z]\w*(\.\w+)+$/i;

/**
 * A toast's text. react-admin translated every toast's message: the screen's own keys read in
 * its texts, another key of the catalogues in the admin's i18n provider, and anything else (the
 * API's text, already in the user's language) as it is.
 */
async function toastText(message: string, messages: SignInMessages, locale: string) {
  if (Object.hasOwn(messages, message)) return messages[message as SignInKey];
  if (!CATALOGUE_KEY.test(message)) return message;
  try {
    return (await loadAuth(locale)).translate(message);
  } catch {
    return message;
  }
}

/**
 * Where a sign-in goes, as react-admin's useLogin sent it: where the auth provider's login()
 * says, else back to the page that asked for the sign-in (react-admin's sign-out leaves it in
 * the location's state), else the admin's home.
 */
export function afterSignIn(result: unknown, state: unknown): string {
  const { redirectTo } = (result ?? {}) as { redirectTo?: unknown };
  if (typeof redirectTo === 'string') return redirectTo;
  const { nextPathname, nextSearch } = (state ?? {}) as {
    nextPathname?: unknown;
    nextSearch?: unknown;
  };
  return typeof nextPathname === 'string' && nextPathname
    ? `${nextPathname}${typeof nextSearch === 'string' ? nextSearch : ''}`
    : `${ADMIN_BASENAME}/`;
}

/** A field's check: its error message, or undefined. */
type Check = (value: string) => string | undefined;

/** react-admin's required(): an empty field (spaces are not empty). */
const required =
  (t: Translate): Check =>
  (value) =>
    value === '' ? t('ra.validation.required') : undefined;

/**
 * react-admin's regex() for the app's 6-digit code, with its message as react-admin's inputs
 * showed it: the pattern reaches the text through JSON (ra-core's useInput), where a RegExp
 * becomes {}, so the text has always read "…: [object Object]". Kept as users see it.
 */
const sixDigits =
  (t: Translate): Check =>
  (value) =>
    value !== '' && !/^\s*\d{6}\s*$/.test(value)
      ? fillIn(t('ra.validation.regex'), { pattern: String({}) })
      : undefined;

/**
 * A form's fields as react-admin's Form (react-hook-form) kept them: checked on submit, then
 * again at each change of a field; a refused submit puts the cursor in the first wrong field
 * and says so in a toast ('ra.message.invalid_form').
 */
function useSignInForm<Name extends string>(
  checks: Record<Name, Check[]>,
  onValid: (values: Record<Name, string>) => void,
  onInvalid: () => void,
  onEdit: () => void,
) {
  const names = Object.keys(checks) as Name[];
  const [values, setValues] = useState(
    () => Object.fromEntries(names.map((name) => [name, ''])) as Record<Name, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<Name, HTMLInputElement | null>>>({});
  const check = (name: Name, value: string) =>
    checks[name].reduce<string | undefined>((error, next) => error ?? next(value), undefined);

  const field = (name: Name) => ({
    name,
    value: values[name],
    error: errors[name],
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      onEdit();
      setValues((current) => ({ ...current, [name]: value }));
      if (submitted) setErrors((current) => ({ ...current, [name]: check(name, value) }));
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const found = Object.fromEntries(names.map((name) => [name, check(name, values[name])]));
    setSubmitted(true);
    setErrors(found as Partial<Record<Name, string>>);
    const wrong = names.find((name) => found[name] !== undefined);
    if (wrong === undefined) {
      onValid(values);
    } else {
      inputs.current[wrong]?.focus();
      onInvalid();
    }
  };
  return { field, onSubmit };
}

interface FieldProps {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  autoComplete: string;
  autoFocus?: boolean;
  type?: string;
  inputRef: (input: HTMLInputElement | null) => void;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  endAdornment?: ReactNode;
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}

/**
 * A required field drawn as react-admin's TextInput drew it: the theme's filled field, the
 * label with react-admin's asterisk, and a line below kept for the error (a zero-width space).
 */
function SignInField({ label, error, endAdornment, htmlInput, ...props }: FieldProps) {
  return (
    <TextField
      {...props}
      className={`ra-input ra-input-${props.name}`}
      label={
        <span>
          {label}
          <span aria-hidden="true">&thinsp;*</span>
        </span>
      }
      error={error !== undefined}
      helperText={error ?? <span>{'\u200b'}</span>}
      fullWidth
      slotProps={{ input: { endAdornment }, htmlInput }}
    />
  );
}

/** react-admin's PasswordInput: the password, with a button that shows or hides it. */
function PasswordField({ t, ...props }: FieldProps & { t: Translate }) {
  const [visible, setVisible] = useState(false);
  return (
    <SignInField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={t(
              visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden',
            )}
            onClick={() => setVisible(!visible)}
            size="small"
          >
            {visible ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}

/** The form's submit button, spinning while the sign-in is under way. */
function SignInButton({ loading, t }: { loading: boolean; t: Translate }) {
  return (
    <Button
      type="submit"
      variant="contained"
      fullWidth
      disabled={loading}
      startIcon={loading ? <CircularProgress size={18} /> : undefined}
      sx={{ mt: 1 }}
    >
      {t('ra.auth.sign_in')}
    </Button>
  );
}

interface FormProps {
  t: Translate;
  loading: boolean;
  onInvalid: () => void;
  /** Why the last sign-in was refused; shown until the user changes a field or tries again. */
  refusal: string | null;
  onEdit: () => void;
}

/**
 * A refused sign-in's reason, in the form above its button, where it stays until the user
 * acts (changes a field, or signs in again): the toast that also says it leaves after two
 * seconds (the spec's), too soon to be read by everyone.
 */
function Refusal({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Typography
      role="alert"
      data-testid="sign-in-refusal"
      variant="body2"
      sx={{
        mb: 1,
        px: 1.5,
        py: 1,
        borderRadius: 1,
        bgcolor: 'error.main',
        color: 'error.contrastText',
      }}
    >
      {text}
    </Typography>
  );
}

/** The first step: user name and password, both required. */
function CredentialsForm({
  t,
  loading,
  onInvalid,
  refusal,
  onEdit,
  onSubmit,
}: FormProps & { onSubmit: (values: { username: string; password: string }) => void }) {
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

/** The second step of a two-factor sign-in: the app's 6-digit code, or a recovery code. */
function CodeForm({
  t,
  loading,
  onInvalid,
  refusal,
  onEdit,
  onSubmit,
  recovery,
  onSwitch,
  onBack,
}: FormProps & {
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

/**
 * Sign-in (spec 2.3): user name and password, both required; 'Login successfully' then the
 * admin, 'Wrong username or password' on a refused sign-in, the API's text for anything else
 * (too many attempts, server down). For an account with two-factor sign-in, a second step asks
 * for the app's 6-digit code, or a recovery code.
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
  const navigate = useNavigate();
  const location = useLocation();
  const [loading, setLoading] = useState(false);
  // After a right password for an account with two-factor sign-in: the same sign-in again,
  // with the code of the app (or a recovery code). The password is kept in memory only.
  const [pending, setPending] = useState<{ username: string; password: string } | null>(null);
  const [recovery, setRecovery] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const clearRefusal = () => setRefusal(null);

  // Why the user was just signed out (the API's 401 text), as the spec's warning toast.
  useEffect(() => {
    const message = signedOutNotice.take();
    if (message) void toastText(message, messages, locale).then((text) => notify(text, 'warning'));
  }, [messages, locale, notify]);

  const say = async (message: string) =>
    notify(await toastText(message, messages, locale), 'error');
  /** A refused sign-in: said in a toast, as the spec asks, and in the form until the user acts. */
  const refuse = async (message: string) => {
    const text = await toastText(message, messages, locale);
    setRefusal(text);
    notify(text, 'error');
  };
  const invalid = () => void say('ra.message.invalid_form');

  const attempt = async (credentials: Credentials) => {
    setLoading(true);
    setRefusal(null);
    try {
      // The admin shows 'Login successfully' once it has opened (SignedInToast): a toast
      // raised here would vanish with the sign-in screen.
      sessionStorage.setItem(SIGNED_IN_FLAG, '1');
      const { login } = await loadAuth(locale);
      // back to the page that asked for sign-in, or /admin
      void navigate(afterSignIn(await login(credentials), location.state));
    } catch (error) {
      sessionStorage.removeItem(SIGNED_IN_FLAG);
      const { status, body } = error as { status?: number; body?: { code?: unknown } };
      const code = body?.code;
      if (code === 'twoFactorRequired') {
        setPending({ username: credentials.username, password: credentials.password });
      } else {
        await refuse(
          code === 'twoFactorWrong'
            ? 'conveyor.login.code_failure'
            : status === 401
              ? 'conveyor.login.failure'
              : String((error as Error).message),
        );
      }
      setLoading(false);
    }
  };
  const submitCode = (code: string) => {
    const value = code.trim();
    void attempt({
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
          {pending ? (
            <CodeForm
              key={recovery ? 'recovery' : 'totp'}
              t={t}
              loading={loading}
              onInvalid={invalid}
              onSubmit={submitCode}
              recovery={recovery}
              refusal={refusal}
              onEdit={clearRefusal}
              onSwitch={() => {
                setRecovery(!recovery);
                clearRefusal();
              }}
              onBack={() => {
                setPending(null);
                setRecovery(false);
                clearRefusal();
              }}
            />
          ) : (
            <CredentialsForm
              t={t}
              loading={loading}
              onInvalid={invalid}
              refusal={refusal}
              onEdit={clearRefusal}
              onSubmit={(values) => void attempt(values)}
            />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

/**
 * The tab says it is the sign-in of this company's back office (`tabTitle`), in the screen's
 * language (the page's `lang` too): the company's name is public (the site shows it), read once.
 */
function useTabTitle(messages: SignInMessages | null, locale: string) {
  const [legalName, setLegalName] = useState<unknown>(undefined);
  useEffect(() => {
    const aborted = new AbortController();
    fetch('/api/settings', { signal: aborted.signal })
      .then((reply) => (reply.ok ? reply.json() : null))
      .then((body: { data?: { legal_name?: unknown } } | null) =>
        setLegalName(body?.data?.legal_name),
      )
      .catch(() => undefined);
    return () => aborted.abort();
  }, []);
  useEffect(() => {
    if (!messages) return;
    document.documentElement.lang = locale;
    document.title = tabTitle(
      messages['conveyor.login.title'],
      companyName(legalName, messages['conveyor.company']),
    );
  }, [messages, legalName, locale]);
}

/**
 * The sign-in screen with its toasts, in the staff's language and theme: at /auth/login, and
 * react-admin's /admin/login. Like react-admin's context, it draws nothing until the texts of
 * a language other than the default have loaded; should they fail to, it stays in Uzbek
 * without a word (react-admin's 'ra.notification.i18n_error' toast was raised outside its
 * notifications' context, and never shown).
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
