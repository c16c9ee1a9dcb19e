import { useNotify, useTranslate } from 'react-admin';

/**
 * The spec's failure toasts: its own wording (`conveyor.errors.form`, `.delete`, `.toggle`),
 * then the API's reason, so staff see why (the last user, a duplicate name, ...).
 */
export function useErrorToast(key: string) {
  const notify = useNotify();
  const translate = useTranslate();
  return (error: unknown) =>
    notify(`${translate(key)}: ${(error as Error | undefined)?.message ?? ''}`, {
      type: 'error',
    });
}
