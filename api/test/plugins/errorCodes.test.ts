import { ERROR_CODES, type ErrorCode } from '@conveyor/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Reply, type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// Every error answer carries a stable code from the shared list beside its English
// message, so that the back office can say it in its user's language.

/** Expects an error answer of this status and code (a known one), and returns its body. */
function expectError(reply: Reply, status: number, code: ErrorCode) {
  expect({ status: reply.status, code: reply.body?.code }).toEqual({ status, code });
  expect(ERROR_CODES).toContain(reply.body.code);
  expect(reply.body.error).toEqual(expect.any(String));
  return reply.body as { error: string; code: ErrorCode; field?: string };
}

describe.skipIf(skipReason)('error codes', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false });
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  it('are one list with no duplicates', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('name who may not call: unauthorized, sessionExpired, wrongCredentials, csrf', async () => {
    expectError(await api.request('GET', '/api/users'), 401, 'unauthorized');
    expectError(
      await api.request('GET', '/api/users', { token: 'not-a-token' }),
      401,
      'sessionExpired',
    );
    const signIn = await api.request('POST', '/api/signin', {
      json: { user_name: 'admin', password: 'wrong-password-1' },
    });
    expectError(signIn, 401, 'wrongCredentials');
    const noCsrf = await api.request('POST', '/api/categories', {
      headers: { cookie: 'conveyor_session=something' },
      json: { name_ru: 'x' },
    });
    expectError(noCsrf, 403, 'csrf');
  });

  it('name invalid input: validation (with its field), badRequest, oneLanguage, referenceMissing', async () => {
    const missing = await api.request('POST', '/api/products', { token, json: { name_ru: 'x' } });
    expect(expectError(missing, 400, 'validation').field).toBe('category_id');
    const nul = await api.request('POST', '/api/categories', {
      token,
      json: { name_ru: 'a\u0000b' },
    });
    expect(expectError(nul, 400, 'validation').field).toBe('name_ru');
    const broken = await fetch(`${api.url}/api/categories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"name_ru": ',
    });
    expectError(
      { status: broken.status, body: await broken.json(), headers: broken.headers },
      400,
      'badRequest',
    );
    const noName = await api.request('POST', '/api/categories', { token, json: { name_ru: ' ' } });
    expect(expectError(noName, 400, 'oneLanguage').field).toBe('name');
    const noCategory = await api.request('POST', '/api/products', {
      token,
      json: { name_ru: 'x', category_id: 99999 },
    });
    expect(expectError(noCategory, 400, 'referenceMissing').field).toBe('category_id');
  });

  it('name what is missing or in the way: notFound, conflict codes of users and categories', async () => {
    expectError(await api.request('GET', '/api/categories/99999', { token }), 404, 'notFound');
    expectError(await api.request('GET', '/api/nothing-here'), 404, 'notFound');

    const users = await api.request('GET', '/api/users', { token });
    const adminId = users.body.data[0].id;
    const deactivate = await api.request('PUT', `/api/users/${adminId}`, {
      token,
      json: { is_active: false },
    });
    const lastUser = expectError(deactivate, 409, 'users.lastActiveAdmin');
    expect(lastUser.error).toBe(
      'The last active admin cannot be deleted, deactivated or given another role',
    );
    expectError(
      await api.request('DELETE', `/api/users/${adminId}`, { token }),
      409,
      'users.lastActiveAdmin',
    );
    const taken = await api.request('POST', '/api/users', {
      token,
      json: { user_name: 'admin', password: 'password-123', email: 'other@example.uz' },
    });
    expectError(taken, 409, 'users.nameTaken');

    const category = await api.request('POST', '/api/categories', {
      token,
      json: { name_ru: 'Ленточные' },
    });
    await api.request('POST', '/api/products', {
      token,
      json: { name_ru: 'ЛК-1', category_id: category.body.data.id },
    });
    expectError(
      await api.request('DELETE', `/api/categories/${category.body.data.id}`, { token }),
      409,
      'categories.hasProducts',
    );
  });

  it('name bodies refused for their size or type: payloadTooLarge, unsupportedMedia, images.onlyJpegPng', async () => {
    const huge = await api.request('POST', '/api/categories', {
      token,
      json: { name_ru: 'x'.repeat(2 * 1024 * 1024) },
    });
    expectError(huge, 413, 'payloadTooLarge');
    const text = await fetch(`${api.url}/api/categories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expectError(
      { status: text.status, body: await text.json(), headers: text.headers },
      415,
      'unsupportedMedia',
    );
    const form = new FormData();
    form.append('name', 'Client');
    form.append('image', new Blob(['<html></html>'], { type: 'image/png' }), 'logo.png');
    expectError(
      await api.request('POST', '/api/clients', { token, form }),
      415,
      'images.onlyJpegPng',
    );
  });
});

describe.skipIf(skipReason)('error codes of rate limits', () => {
  let api: TestApi;
  afterAll(() => api?.close());

  it('name a refused form post rateLimited', async () => {
    api = await startApi({ SEED_DEMO: false, FORM_RATE_LIMIT: 1 });
    const lead = { name: 'Aziz', phone: '+998901234567', message: 'Call me' };
    expect((await api.request('POST', '/api/leads', { json: lead })).status).toBe(201);
    expectError(await api.request('POST', '/api/leads', { json: lead }), 429, 'rateLimited');
  });
});
