import { vi } from 'vitest';
import { ADMIN, startApi, type TestApi } from '@conveyor/api/testing';
import { authProvider } from '../src/providers/authProvider.ts';

/** The real API on a fresh database, the admin's providers pointed at it and signed in. */
export async function startSignedIn(): Promise<TestApi> {
  const api = await startApi();
  vi.stubEnv('VITE_API_URL', api.url);
  await authProvider.login({ username: ADMIN.user_name, password: ADMIN.password });
  return api;
}

/** Ends what `startSignedIn` started. */
export async function stopSignedIn(api: TestApi | undefined): Promise<void> {
  vi.unstubAllEnvs();
  await api?.close();
}
