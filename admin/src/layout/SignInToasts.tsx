import { ADMIN_TOAST_MS } from '@conveyor/shared';
import { Snackbar } from '@mui/material';
import { type ReactNode, useCallback, useState } from 'react';

export type ToastType = 'error' | 'warning';

interface Toast {
  id: number;
  message: string;
  type: ToastType;
}

let toastIds = 0;

/**
 * The sign-in screen's toasts, drawn as the admin's (AdminNotification: react-admin's
 * Notification bottom-right for 2000 ms, spec section 8): one at a time, the next once the
 * last has gone, closed by a click elsewhere, coloured by their type, with the same class
 * names. Written here, not react-admin's, which needs react-admin's context and with it most of
 * react-admin in the first screen's JavaScript (the budget in admin/scripts/initialJs.ts).
 * The messages come translated.
 */
export function useSignInToasts(): [notify: (message: string, type: ToastType) => void, ReactNode] {
  // the first toast is on screen (or leaving it: closed, not yet gone), the others wait
  const [{ toasts, open }, setToasts] = useState({ toasts: [] as Toast[], open: false });

  const notify = useCallback(
    (message: string, type: ToastType) =>
      setToasts((state) => ({
        toasts: [...state.toasts, { id: ++toastIds, message, type }],
        open: state.toasts.length ? state.open : true,
      })),
    [],
  );
  const close = () => setToasts((state) => ({ ...state, open: false }));
  const next = () =>
    setToasts((state) => ({ toasts: state.toasts.slice(1), open: state.toasts.length > 1 }));

  const current = toasts[0];
  const toast = current && (
    <Snackbar
      key={current.id}
      open={open}
      message={current.message}
      autoHideDuration={ADMIN_TOAST_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      onClose={close}
      slotProps={{
        transition: { onExited: next },
        content: { className: `RaNotification-${current.type}` },
      }}
      sx={(theme) => ({
        '& .RaNotification-error': {
          backgroundColor: theme.palette.error.main,
          color: theme.palette.error.contrastText,
        },
        '& .RaNotification-warning': {
          backgroundColor: theme.palette.warning.main,
          color: theme.palette.warning.contrastText,
        },
      })}
    />
  );
  return [notify, toast];
}
