import { RESOURCES } from '@conveyor/shared';
import { describe, expect, it } from 'vitest';
import { flattenKeys } from '../src/i18n/base.ts';
import { en } from '../src/i18n/en.ts';
import { ru } from '../src/i18n/ru.ts';
import { uz } from '../src/i18n/uz.ts';

describe('admin message catalogues', () => {
  const keys = {
    uz: flattenKeys(uz).sort(),
    ru: flattenKeys(ru).sort(),
    en: flattenKeys(en).sort(),
  };

  it('have the same keys in uz, ru and en', () => {
    expect(keys.ru).toEqual(keys.uz);
    expect(keys.en).toEqual(keys.uz);
  });

  it('have no empty texts', () => {
    for (const catalogue of [uz, ru, en]) {
      const empty = flattenKeys(catalogue).filter((key) => {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty.filter((key) => key !== 'ra.boolean.null')).toEqual([]);
    }
  });

  it('carry the spec wording in Uzbek', () => {
    const at = (key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], uz);
    expect(at('ra.navigation.page_rows_per_page')).toBe('Har sahifada');
    expect(at('conveyor.pagination.page_of')).toBe('Sahifa %{page} dan %{pages}');
    expect(at('ra.auth.logout')).toBe('Akkauntdan chiqish');
    expect(at('ra.notification.deleted')).toBe("Ma'lumotlar o'chirildi");
    expect(at('resources.suppliers.notifications.updated')).toBe('Taklif tahrirlandi');
    expect(at('resources.testimonials.notifications.created')).toBe('Proyekt yaratildi');
  });

  it('give every resource of the sidebar a name', () => {
    for (const resource of RESOURCES) {
      for (const catalogue of [uz, ru, en]) {
        expect(flattenKeys(catalogue)).toContain(`resources.${resource}.name`);
      }
    }
  });
});
