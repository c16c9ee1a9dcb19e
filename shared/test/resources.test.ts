import { describe, expect, it } from 'vitest';
import { recordLabel } from '../src/resources.ts';

describe('recordLabel', () => {
  it('names a record by its language-dependent label, falling back as the site does', () => {
    const video = { id: 3, title_ru: 'Монтаж', title_uz: '', title_en: 'Assembly' };
    expect(recordLabel('media', video, 'en')).toBe('Assembly');
    expect(recordLabel('media', video, 'uz')).toBe('Монтаж');
    expect(recordLabel('products', { name_ru: '', name_uz: 'Lenta', name_en: '' }, 'ru')).toBe(
      'Lenta',
    );
  });

  it('names a record by a plain column where the label has no languages', () => {
    expect(recordLabel('clients', { name: 'Navoiy GMK' }, 'en')).toBe('Navoiy GMK');
    expect(recordLabel('users', { user_name: 'editor' }, 'uz')).toBe('editor');
    expect(recordLabel('suppliers', { company_name: 'Tashkent Belt' }, 'ru')).toBe('Tashkent Belt');
  });

  it('answers empty for a record without its label', () => {
    expect(recordLabel('categories', { id: 1 }, 'ru')).toBe('');
  });
});
