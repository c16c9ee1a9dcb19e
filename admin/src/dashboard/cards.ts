import { DRAFT_RESOURCES, may, type Role, TRANSLATED_RESOURCES } from '@conveyor/shared';

/**
 * The cards of the landing screen: each the work of a role, by the grants the API
 * enforces. Sales: new leads and partner applications. Editors: drafts, what is scheduled,
 * incomplete translations and publishing. Admins: all of it, with backups and sign-in failures.
 */
export const DASHBOARD_CARDS = [
  'leads',
  'suppliers',
  'drafts',
  'schedules',
  'translations',
  'publishing',
  'backups',
  'signins',
] as const;
export type DashboardCard = (typeof DASHBOARD_CARDS)[number];

const SHOWN: Record<DashboardCard, (role: Role) => boolean> = {
  leads: (role) => may(role, 'leads', 'write'),
  suppliers: (role) => may(role, 'suppliers', 'write'),
  drafts: (role) => DRAFT_RESOURCES.some((name) => may(role, name, 'write')),
  // who only reads the schedule (sales) has no scheduling to do
  schedules: (role) => may(role, 'schedules', 'write'),
  translations: (role) => TRANSLATED_RESOURCES.some((name) => may(role, name, 'write')),
  publishing: (role) => may(role, 'publishing', 'write'),
  backups: (role) => may(role, 'backups', 'read'),
  signins: (role) => may(role, 'activity', 'read'),
};

export function dashboardCards(role: Role): DashboardCard[] {
  return DASHBOARD_CARDS.filter((card) => SHOWN[card](role));
}

/**
 * How long ago, in the largest whole unit: the catalogue's key and the number
 * (`conveyor.dashboard.age.days`, 3). The catalogue words it: the browsers' own relative time
 * format has no Uzbek in every build (Chromium's says "now" on the Uzbek screen).
 */
export function age(from: string | Date, now: number): { key: string; n: number } {
  const seconds = Math.max(0, Math.round((now - new Date(from).getTime()) / 1000));
  const units: [string, number][] = [
    ['days', 86_400],
    ['hours', 3_600],
    ['minutes', 60],
  ];
  for (const [unit, size] of units) {
    if (seconds >= size)
      return { key: `conveyor.dashboard.age.${unit}`, n: Math.floor(seconds / size) };
  }
  return { key: 'conveyor.dashboard.age.now', n: 0 };
}
