import { pruneRevisions } from '../../src/revisions/prune.ts';
import type { TestApi } from './api.ts';

/**
 * Prunes all content history and empties the trash, as the daily job would two days on past
 * one day's retention, and removes the files only they showed: replaced and deleted images stay
 * until then.
 */
export async function pruneHistory(api: TestApi): Promise<void> {
  const later = Date.now() + 2 * 24 * 3600_000;
  const { files } = await pruneRevisions(
    api.app.db.kysely,
    { keepDays: 1, perRecord: 1, trashDays: 1 },
    later,
  );
  await api.app.images.remove(files);
}
