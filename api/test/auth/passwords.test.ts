import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// Who may change a password: only an admin sets another user's, a user's own change needs the
// current one, and the reset command replaces a forgotten one and ends its sessions.

describe.skipIf(skipReason)('passwords', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startApi();
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  it("an editor cannot set another user's password; its own needs the current one", async () => {
    const made = await api.request('POST', '/api/users', {
      token,
      json: {
        user_name: 'editor1',
        password: 'editor-password-1',
        email: 'e1@example.uz',
        role: 'editor',
      },
    });
    expect(made.status).toBe(201);
    const editorToken = await api.signIn('editor1', 'editor-password-1');
    const adminId = (await api.request('GET', '/api/me', { token })).body.data.id;

    const takeover = await api.request('PUT', `/api/users/${adminId}`, {
      token: editorToken,
      json: { password: 'taken-over-1', current_password: 'whatever' },
    });
    expect(takeover.status).toBe(403);
    expect(takeover.body.error).toBe('Your role does not allow this');
    // the admin is untouched: the old password works, the session lives
    expect((await api.request('GET', '/api/me', { token })).status).toBe(200);
    await api.signIn(ADMIN.user_name, ADMIN.password);

    const self = `/api/users/${made.body.data.id}`;
    const missing = await api.request('PUT', self, {
      token: editorToken,
      json: { password: 'editor-password-2' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('current_password: is required to change the password');
    const wrong = await api.request('PUT', self, {
      token: editorToken,
      json: { password: 'editor-password-2', current_password: 'not-it' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('current_password: is not the current password');
    await api.signIn('editor1', 'editor-password-1');
    const changed = await api.request('PUT', self, {
      token: editorToken,
      json: { password: 'editor-password-2', current_password: 'editor-password-1' },
    });
    expect(changed.status).toBe(200);
    await api.signIn('editor1', 'editor-password-2');
    // other fields of another user stay editable by an admin
    const renamed = await api.request('PUT', self, { token, json: { first_name: 'Ed' } });
    expect(renamed.status).toBe(200);
  });

  it('pnpm reset-password prints a new password and ends the sessions', async () => {
    const session = await api.signIn();
    const env: Record<string, string> = {
      ...process.env,
      DATA_DIR: api.dataDir,
      DATABASE_URL: api.config.databaseUrl ?? '',
      LOG_LEVEL: 'silent',
    } as Record<string, string>;
    const run = spawnSync(
      process.execPath,
      [join(import.meta.dirname, '../../src/cli/resetPassword.ts'), 'Admin'],
      { env, encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    const password = /New password for "admin": (\S+)/.exec(run.stdout)?.[1];
    expect(password, run.stdout).toMatch(/^[\w-]{20}$/);
    expect((await api.request('GET', '/api/me', { token: session })).status).toBe(401);
    token = await api.signIn(ADMIN.user_name, password);
    // the printed password is the current one: it sets the known one back
    const adminId = (await api.request('GET', '/api/me', { token })).body.data.id;
    const back = await api.request('PUT', `/api/users/${adminId}`, {
      token,
      json: { password: ADMIN.password, current_password: password },
    });
    expect(back.status).toBe(200);

    const unknown = spawnSync(
      process.execPath,
      [join(import.meta.dirname, '../../src/cli/resetPassword.ts'), 'nobody'],
      { env, encoding: 'utf8' },
    );
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('There is no user named "nobody"');
  });
});
