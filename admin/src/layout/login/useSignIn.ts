import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SIGNED_IN_FLAG } from '../../config.ts';
import type { SignInMessages } from '../../i18n/signIn.ts';
import type { Credentials } from '../../providers/authProvider.ts';
import { signedOutNotice } from '../../providers/signedOutNotice.ts';
import type { ToastType } from '../SignInToasts.tsx';
import { afterSignIn, loadAuth, toastText } from './auth.ts';

export type Notify = (message: string, type: ToastType) => void;

/**
 * A sign-in's course, for the page to draw: the attempt under way, the second step of an
 * account with two-factor sign-in, and why the last attempt was refused (said in a toast, as
 * the spec asks, and in the form until the user acts). 'Wrong username or password' for a
 * refused password, the API's text for anything else (too many attempts, server down).
 */
export function useSignIn(locale: string, messages: SignInMessages, notify: Notify) {
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
  const refuse = async (message: string) => {
    const text = await toastText(message, messages, locale);
    setRefusal(text);
    notify(text, 'error');
  };

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

  return {
    loading,
    refusal,
    /** Whether the second step is asked for: the code of the app, or a recovery code. */
    twoFactor: pending !== null,
    recovery,
    onEdit: clearRefusal,
    onInvalid: () => void say('ra.message.invalid_form'),
    signIn: (credentials: { username: string; password: string }) => void attempt(credentials),
    submitCode: (code: string) => {
      const value = code.trim();
      void attempt({
        ...pending!,
        ...(recovery ? { recovery_code: value } : { totp: value.replace(/\s/g, '') }),
      });
    },
    /** From the app's code to a recovery code, or back. */
    switchCode: () => {
      setRecovery(!recovery);
      clearRefusal();
    },
    /** Back to the first step. */
    back: () => {
      setPending(null);
      setRecovery(false);
      clearRefusal();
    },
  };
}
