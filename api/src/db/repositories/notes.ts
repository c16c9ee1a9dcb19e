import type { Note, WorkflowResource } from '@conveyor/shared';
import { nowIso, rowMapper } from '../../lib/rows.ts';
import type { Executor } from './table.ts';
import { userExists } from './users.ts';

// Staff notes on leads and supplier applications: the only module that queries `notes`.

const toNote = rowMapper<Note>([], ['created_at']);
const COLUMNS = ['id', 'author_id', 'author_name', 'body', 'created_at'] as const;

export async function listNotes(
  db: Executor,
  subject: WorkflowResource,
  subjectId: number,
): Promise<Note[]> {
  const rows = await db
    .selectFrom('notes')
    .select(COLUMNS)
    .where('subject', '=', subject)
    .where('subject_id', '=', subjectId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toNote);
}

export async function addNote(
  db: Executor,
  note: {
    subject: WorkflowResource;
    subjectId: number;
    author: { id: number; name: string };
    body: string;
  },
): Promise<Note> {
  const row = await db
    .insertInto('notes')
    .values({
      subject: note.subject,
      subject_id: note.subjectId,
      author_id: note.author.id,
      author_name: note.author.name,
      body: note.body,
      created_at: nowIso(),
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toNote(row);
}

export async function findNote(
  db: Executor,
  subject: WorkflowResource,
  subjectId: number,
  id: number,
): Promise<Note | undefined> {
  const row = await db
    .selectFrom('notes')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('subject', '=', subject)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
  return row ? toNote(row) : undefined;
}

export async function removeNote(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('notes').where('id', '=', id).execute();
}

/** A record's notes go with it (notes name their record by kind and id, without a key). */
export async function removeNotesOf(
  db: Executor,
  subject: WorkflowResource,
  subjectId: number,
): Promise<void> {
  await db
    .deleteFrom('notes')
    .where('subject', '=', subject)
    .where('subject_id', '=', subjectId)
    .execute();
}

/**
 * Puts back a record's notes as a trashed record kept them: each with its author,
 * text and time; an author whose account is gone since stays by name only.
 */
export async function restoreNotes(
  db: Executor,
  subject: WorkflowResource,
  subjectId: number,
  notes: readonly Note[],
): Promise<void> {
  for (const note of notes) {
    const authorKept = note.author_id !== null && (await userExists(db, note.author_id));
    await db
      .insertInto('notes')
      .values({
        subject,
        subject_id: subjectId,
        author_id: authorKept ? note.author_id : null,
        author_name: note.author_name,
        body: note.body,
        created_at: note.created_at,
      })
      .execute();
  }
}
