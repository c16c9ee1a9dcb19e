import { ADMIN_TOAST_MS } from '@conveyor/shared';
import { Notification, type NotificationProps } from 'react-admin';

/** Every admin toast: bottom-right, 2000 ms (spec section 8). */
export function AdminNotification(props: NotificationProps) {
  return (
    <Notification
      {...props}
      autoHideDuration={ADMIN_TOAST_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    />
  );
}
