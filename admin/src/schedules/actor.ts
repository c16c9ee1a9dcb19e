import { SCHEDULER } from '@conveyor/shared';
import { useTranslate } from 'react-admin';

/**
 * Who made a change, as the History and the Activity screen show it: a user by their name,
 * the scheduler (no user: the server, at a scheduled time) in the staff's language.
 */
export function useActorName() {
  const translate = useTranslate();
  return (userId: number | null, userName: string) =>
    userId === null && userName === SCHEDULER ? translate('conveyor.schedule.scheduler') : userName;
}
