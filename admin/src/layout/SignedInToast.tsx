import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { SIGNED_IN_FLAG } from '../config.ts';

/** 'Login successfully', once, on the first admin screen after signing in (login/useSignIn.ts). */
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
