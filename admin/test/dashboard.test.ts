import { describe, expect, it } from 'vitest';
import { age, dashboardCards } from '../src/dashboard/cards.ts';
import { i18nProvider } from '../src/i18n/index.ts';

describe('the dashboard', () => {
  it("gives each role its own work's cards and no others", () => {
    expect(dashboardCards('sales')).toEqual(['leads', 'suppliers']);
    expect(dashboardCards('editor')).toEqual(['drafts', 'schedules', 'translations', 'publishing']);
    expect(dashboardCards('admin')).toEqual([
      'leads',
      'suppliers',
      'drafts',
      'schedules',
      'translations',
      'publishing',
      'backups',
      'signins',
    ]);
  });

  it("says a record's age in the largest whole unit, in each language", async () => {
    const now = Date.parse('2026-11-26T12:00:00.000Z');
    const words = (from: string) => {
      const { key, n } = age(from, now);
      return i18nProvider.translate(key, { n });
    };
    await i18nProvider.changeLocale('en');
    expect(words('2026-11-23T11:00:00.000Z')).toBe('3 d ago');
    expect(words('2026-11-26T09:30:00.000Z')).toBe('2 h ago');
    expect(words('2026-11-26T11:55:00.000Z')).toBe('5 min ago');
    expect(words('2026-11-26T11:59:50.000Z')).toBe('just now');
    await i18nProvider.changeLocale('uz');
    expect(words('2026-11-23T11:00:00.000Z')).toBe('3 kun oldin');
    await i18nProvider.changeLocale('ru');
    expect(words('2026-11-26T09:30:00.000Z')).toBe('2 ч назад');
  });
});
