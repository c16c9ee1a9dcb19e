import type { Draft } from '@conveyor/shared';
import type { Actor } from '../../lib/actor.ts';
import { nowIso, toIso } from '../../lib/rows.ts';
import type { Executor } from './table.ts';

const columns = ['resource', 'record_id', 'data', 'user_name', 'created_at', 'updated_at'] as const;

function toDraft(row: {
  resource: string;
  record_id: number;
  data: string;
  user_name: string;
  created_at: Date | string;
  updated_at: Date | string;
}): Draft {
  return {
    ...row,
    resource: row.resource as Draft['resource'],
    data: JSON.parse(row.data) as Record<string, unknown>,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

export async function findDraft(
  db: Executor,
  resource: string,
  recordId: number,
): Promise<Draft | undefined> {
  const row = await db
    .selectFrom('drafts')
    .select(columns)
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  return row && toDraft(row);
}

/** The drafts of a resource (of all, without one), newest first. */
export async function listDrafts(db: Executor, resource?: string): Promise<Draft[]> {
  const rows = await db
    .selectFrom('drafts')
    .select(columns)
    .$if(resource !== undefined, (query) => query.where('resource', '=', resource!))
    .orderBy('updated_at', 'desc')
    .execute();
  return rows.map(toDraft);
}

/** Writes a record's draft: `data` replaces what the draft held. */
export async function saveDraft(
  db: Executor,
  actor: Actor,
  resource: string,
  recordId: number,
  data: Record<string, unknown>,
): Promise<Draft> {
  const now = nowIso();
  const user = actor.user ?? null;
  await db
    .insertInto('drafts')
    .values({
      resource,
      record_id: recordId,
      data: JSON.stringify(data),
      user_id: user?.id ?? null,
      user_name: user?.user_name ?? '',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['resource', 'record_id']).doUpdateSet({
        data: JSON.stringify(data),
        user_id: user?.id ?? null,
        user_name: user?.user_name ?? '',
        updated_at: now,
      }),
    )
    .execute();
  return (await findDraft(db, resource, recordId))!;
}

/** Names the stored files a record's draft holds (its pictures), replacing what it named. */
export async function setDraftFiles(
  db: Executor,
  resource: string,
  recordId: number,
  paths: readonly string[],
): Promise<void> {
  await db
    .deleteFrom('draft_files')
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .execute();
  if (!paths.length) return;
  await db
    .insertInto('draft_files')
    .values(paths.map((path) => ({ resource, record_id: recordId, path })))
    .execute();
}

/** Deletes a record's draft and the names of its files; whether there was one. */
export async function removeDraft(
  db: Executor,
  resource: string,
  recordId: number,
): Promise<boolean> {
  await setDraftFiles(db, resource, recordId, []);
  const deleted = await db
    .deleteFrom('drafts')
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
