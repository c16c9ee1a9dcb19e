import { expect, type Page } from '@playwright/test';
import { apiToken, signIn } from './helpers.ts';

// What the scheduling tests share (schedules.spec.ts on the edit and Scheduled screens,
// autoPublish.spec.ts for a schedule that comes due).

export const PASSWORD = 'schedule-password-1';
export const EDITOR = 'schedule-editor';

/** The words each language uses, as staff read them. */
export const WORDS = {
  uz: {
    language: null,
    title: 'Nashr jadvali',
    none: 'Rejalashtirilmagan',
    set: 'Rejalashtirish',
    dialog: 'Nashrni rejalashtirish',
    publishAt: 'Saytga chiqish vaqti',
    unpublishAt: 'Saytdan olish vaqti',
    save: 'Jadvalni saqlash',
    saved: 'Rejalashtirildi',
    order: 'Saytdan olish vaqti saytga chiqish vaqtidan keyin boʻlishi kerak',
    publishLine: 'Saytga chiqadi:',
    unpublishLine: 'Saytdan olinadi:',
    menu: 'Rejalashtirilgan',
    kind: 'Mijoz',
    hidden: 'Yashirin',
    cancel: 'Jadvalni bekor qilish',
    cancelTitle: (name: string) => `«${name}» jadvali bekor qilinsinmi?`,
    confirm: 'Tasdiqlash',
    cancelled: 'Jadval bekor qilindi',
  },
  ru: {
    language: 'Русский',
    title: 'Расписание публикации',
    none: 'Не запланировано',
    set: 'Запланировать',
    dialog: 'Запланировать публикацию',
    publishAt: 'Опубликовать',
    unpublishAt: 'Снять с публикации',
    save: 'Сохранить расписание',
    saved: 'Запланировано',
    order: 'Время снятия с публикации должно быть позже времени публикации',
    publishLine: 'Публикация:',
    unpublishLine: 'Снятие с публикации:',
    menu: 'Запланированное',
    kind: 'Клиент',
    hidden: 'Скрыто',
    cancel: 'Отменить расписание',
    cancelTitle: (name: string) => `Отменить расписание «${name}»?`,
    confirm: 'Подтвердить',
    cancelled: 'Расписание отменено',
  },
  en: {
    language: 'English',
    title: 'Publishing schedule',
    none: 'Not scheduled',
    set: 'Schedule',
    dialog: 'Schedule publishing',
    publishAt: 'Go live at',
    unpublishAt: 'Go offline at',
    save: 'Save schedule',
    saved: 'Scheduled',
    order: 'The time to go offline must come after the time to go live',
    publishLine: 'Goes live:',
    unpublishLine: 'Goes offline:',
    menu: 'Scheduled',
    kind: 'Client',
    hidden: 'Hidden',
    cancel: 'Cancel schedule',
    cancelTitle: (name: string) => `Cancel the schedule of «${name}»?`,
    confirm: 'Confirm',
    cancelled: 'Schedule cancelled',
  },
} as const;

/** A time as a date-time input takes it: the wall time here (the browser's zone is ours). */
export function wallTime(ms: number): string {
  const at = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(
    at.getHours(),
  )}:${pad(at.getMinutes())}`;
}

export const HOUR = 3600_000;
export const dialog = (page: Page) => page.getByRole('dialog');

export async function staff(page: Page) {
  return { authorization: `Bearer ${await apiToken(page)}` };
}

/** A hidden client made through the API, to schedule. */
export async function hiddenClient(page: Page, name: string): Promise<number> {
  const created = await page.request.post('/api/clients', {
    headers: await staff(page),
    data: { name, is_active: false },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data.id;
}

/** A content editor (not an admin) signs in: scheduling is theirs. */
export async function signInAsEditor(page: Page) {
  const made = await page.request.post('/api/users', {
    headers: await staff(page),
    data: { user_name: EDITOR, password: PASSWORD, email: 'schedule@example.uz', role: 'editor' },
  });
  // made by the first test; the others find it there
  expect([201, 409]).toContain(made.status());
  await signIn(page, { user: EDITOR, password: PASSWORD });
}
