/** A day in milliseconds: retention periods and daily schedules count in days. */
export const DAY_MS = 24 * 60 * 60 * 1000;
