import { useNotify, useTranslate } from 'react-admin';

/**
 * The spec's failure toasts: its own wording (`conveyor.errors.form`, `.delete`, `.toggle`),
 * then the reason, so staff see why (the last user, a duplicate name, ...). The providers give
 * the reason in the staff's language already (the API's error code, translated), or as a key
 * (`conveyor.errors.network`), translated here.
 */
export function useErrorToast(key: string) {
  const notify = useNotify();
  const translate = useTranslate();
  return (error: unknown) => {
    const reason = (error as Error | undefined)?.message ?? '';
    notify(`${translate(key)}: ${reason && translate(reason, { _: reason })}`, {
      type: 'error',
    });
  };
}
