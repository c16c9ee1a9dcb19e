import { describe, expect, it } from 'vitest';
import { imageChoiceError } from '../src/common/imageRules.ts';
import {
  atLeastOneLanguage,
  currentPasswordIfNew,
  httpUrl,
  userName,
} from '../src/common/validators.ts';
import { en } from '../src/i18n/en.ts';
import { ru } from '../src/i18n/ru.ts';
import { uz } from '../src/i18n/uz.ts';
import { isOwnAccount, passwordChange } from '../src/users/password.ts';

// The admin's validation rules as the forms apply them: undefined (or null) is valid, anything
// else is the message key the form or the toast shows.

const text = (catalogue: typeof uz, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);

describe('httpUrl', () => {
  it('takes http and https links', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=e2e',
      'http://example.uz/path?q=1#top',
      'https://t.me/conveyor_uz',
    ]) {
      expect(httpUrl(link)).toBeUndefined();
    }
  });

  it('leaves an empty value to `required`', () => {
    expect(httpUrl('')).toBeUndefined();
    expect(httpUrl(undefined)).toBeUndefined();
    expect(httpUrl(null)).toBeUndefined();
  });

  it('refuses other schemes, spaces and bare text, as the API does', () => {
    for (const link of [
      'not a link',
      'www.example.com',
      'ftp://example.com/file',
      'javascript:alert(1)',
      'https://exa mple.com',
      'https://',
      ' https://example.com',
    ]) {
      expect(httpUrl(link), link).toBe('conveyor.errors.url');
    }
  });
});

describe('atLeastOneLanguage', () => {
  const rule = atLeastOneLanguage('name');

  it('passes when any one language is filled', () => {
    expect(rule('', { name_uz: '', name_ru: 'Ленточные', name_en: '' })).toBeUndefined();
    expect(rule('Belt', { name_en: 'Belt' })).toBeUndefined();
    expect(rule('', { name_uz: 'Lentali' })).toBeUndefined();
  });

  it('fails when every language is empty or blank', () => {
    expect(rule('', { name_uz: '', name_ru: '', name_en: '' })).toBe(
      'conveyor.errors.one_language',
    );
    expect(rule(' ', { name_uz: ' ', name_ru: '\n', name_en: '\t' })).toBe(
      'conveyor.errors.one_language',
    );
    expect(rule(undefined, {})).toBe('conveyor.errors.one_language');
  });

  it('looks only at its own field', () => {
    expect(atLeastOneLanguage('description')('', { name_uz: 'Lentali' })).toBe(
      'conveyor.errors.one_language',
    );
  });
});

describe('user name', () => {
  it("takes 3–50 Latin letters, digits, '.', '_' and '-'", () => {
    for (const name of ['admin', 'abc', 'staff.1_x-y', 'A'.repeat(50), 'Aziz_Karimov']) {
      expect(userName(name), name).toBeUndefined();
    }
  });

  it('refuses short, long, spaced and non-Latin names', () => {
    for (const name of ['ab', 'A'.repeat(51), 'aziz karimov', 'азиз', 'aziz@home', "o'g'il"]) {
      expect(userName(name), name).toBe('conveyor.errors.user_name');
    }
  });

  it('leaves an empty value to `required`', () => {
    expect(userName('')).toBeUndefined();
  });
});

describe('image rules', () => {
  const jpeg = { type: 'image/jpeg' };
  const png = { type: 'image/png' };
  const jpg = { type: 'image/jpg' };
  const gif = { type: 'image/gif' };

  it('takes JPEG and PNG files', () => {
    expect(imageChoiceError({ files: [jpeg] })).toBeNull();
    expect(imageChoiceError({ files: [png, jpg, jpeg], multiple: true })).toBeNull();
  });

  it("rejects the whole choice when one file is another type: 'Only jpeg and png files are allowed'", () => {
    expect(imageChoiceError({ files: [gif] })).toBe('conveyor.images.only_jpeg_png');
    expect(imageChoiceError({ files: [png, gif, jpeg], multiple: true })).toBe(
      'conveyor.images.only_jpeg_png',
    );
    expect(imageChoiceError({ files: [{ type: '' }] })).toBe('conveyor.images.only_jpeg_png');
    expect(imageChoiceError({ files: [{ type: 'image/webp' }] })).toBe(
      'conveyor.images.only_jpeg_png',
    );
    // a file the picker itself refused (by its extension) counts as well
    expect(imageChoiceError({ files: [png, png], rejected: 1 })).toBe(
      'conveyor.images.only_jpeg_png',
    );
    expect(text(en, 'conveyor.images.only_jpeg_png')).toBe('Only jpeg and png files are allowed');
  });

  it("allows at most 8 product images, held plus new: 'You can upload up to 8 images'", () => {
    const files = (count: number) => Array.from({ length: count }, () => png);
    expect(imageChoiceError({ files: files(8), multiple: true })).toBeNull();
    expect(imageChoiceError({ files: files(9), multiple: true })).toBe('conveyor.images.too_many');
    expect(imageChoiceError({ files: files(5), current: 3, multiple: true })).toBeNull();
    expect(imageChoiceError({ files: files(6), current: 3, multiple: true })).toBe(
      'conveyor.images.too_many',
    );
    expect(imageChoiceError({ files: [png], current: 8, multiple: true })).toBe(
      'conveyor.images.too_many',
    );
    // the type rule comes first
    expect(imageChoiceError({ files: [gif], current: 8, multiple: true })).toBe(
      'conveyor.images.only_jpeg_png',
    );
    expect(text(en, 'conveyor.images.too_many')).toBe('You can upload up to 8 images');
  });

  it('replaces a single image without counting', () => {
    expect(imageChoiceError({ files: [png], current: 1 })).toBeNull();
  });

  it('has its messages in every language', () => {
    // the spec's English wording in English; the Uzbek admin says it in Uzbek
    expect(text(en, 'conveyor.images.only_jpeg_png')).toBe('Only jpeg and png files are allowed');
    expect(text(en, 'conveyor.images.too_many')).toBe('You can upload up to 8 images');
    expect(text(uz, 'conveyor.images.only_jpeg_png')).toBe(
      'Faqat jpeg va png fayllar qabul qilinadi',
    );
    expect(text(uz, 'conveyor.images.too_many')).toBe('Koʻpi bilan 8 ta rasm yuklash mumkin');
    expect(text(ru, 'conveyor.images.only_jpeg_png')).toBe(
      'Можно загружать только файлы JPEG и PNG',
    );
    expect(text(ru, 'conveyor.images.too_many')).toBe('Можно загрузить не больше 8 изображений');
  });
});

describe('password change on the user edit screen', () => {
  it('asks for the current password only when a new one is typed', () => {
    expect(currentPasswordIfNew('', { password: 'new-password-1' })).toBe('ra.validation.required');
    expect(currentPasswordIfNew(undefined, { password: 'new-password-1' })).toBe(
      'ra.validation.required',
    );
    expect(currentPasswordIfNew('old-password-1', { password: 'new-password-1' })).toBeUndefined();
    expect(currentPasswordIfNew('', { password: '' })).toBeUndefined();
    expect(currentPasswordIfNew(undefined, {})).toBeUndefined();
  });

  it("knows one's own account by its id, whatever the id's type", () => {
    expect(isOwnAccount(1, 1)).toBe(true);
    expect(isOwnAccount('1', 1)).toBe(true);
    expect(isOwnAccount(2, 1)).toBe(false);
    expect(isOwnAccount(1, undefined)).toBe(false);
    expect(isOwnAccount(undefined, undefined)).toBe(false);
  });

  it("sends another user's password only from an admin, and then without a current one", () => {
    const data = {
      id: 2,
      email: 'a@example.com',
      password: 'new-password-1',
      current_password: 'x',
    };
    expect(passwordChange(data, { own: false, admin: false })).toEqual({
      id: 2,
      email: 'a@example.com',
    });
    expect(passwordChange(data, { own: false, admin: true })).toEqual({
      id: 2,
      email: 'a@example.com',
      password: 'new-password-1',
    });
    expect(passwordChange({ ...data, password: '' }, { own: false, admin: true })).toEqual({
      id: 2,
      email: 'a@example.com',
    });
  });

  it("sends the new password with the current one for one's own, neither when it is empty", () => {
    expect(
      passwordChange(
        { id: 1, email: 'a@example.com', password: 'new-password-1', current_password: 'old-1' },
        { own: true, admin: false },
      ),
    ).toEqual({
      id: 1,
      email: 'a@example.com',
      password: 'new-password-1',
      current_password: 'old-1',
    });
    expect(
      passwordChange(
        { id: 1, email: 'a@example.com', password: '', current_password: 'old' },
        { own: true, admin: true },
      ),
    ).toEqual({ id: 1, email: 'a@example.com' });
    expect(passwordChange({ id: 1, email: 'a@example.com' }, { own: true, admin: false })).toEqual({
      id: 1,
      email: 'a@example.com',
    });
  });

  it('has its texts in every language', () => {
    const expected = [
      [
        uz,
        'Joriy parol',
        'Boʻsh qoldirilsa, oʻzgarmaydi. Yangi parol foydalanuvchining barcha seanslarini yakunlaydi: unga yangi parolni ayting.',
      ],
      [
        ru,
        'Текущий пароль',
        'Оставьте пустым, чтобы не менять. Новый пароль завершит все сеансы пользователя: сообщите ему новый.',
      ],
      [
        en,
        'Current password',
        'Leave empty to keep it. A new password signs this user out everywhere: tell them the new one.',
      ],
    ] as const;
    for (const [catalogue, current, setOther] of expected) {
      expect(text(catalogue, 'resources.users.fields.current_password')).toBe(current);
      expect(text(catalogue, 'conveyor.users.password_set_other')).toBe(setOther);
    }
  });
});
