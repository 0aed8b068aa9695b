import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { ContactMessagesTable, Database } from '../../db/types.js';

type Exec = Kysely<Database> | Transaction<Database>;

export type ContactMessageRow = Selectable<ContactMessagesTable>;

export async function insertContactMessage(
  db: Exec,
  row: Insertable<ContactMessagesTable>,
): Promise<void> {
  await db.insertInto('contact_messages').values(row).execute();
}

/** A stored message with the sender's current username when they were signed in. */
export type ListedContactMessage = ContactMessageRow & { username: string | null };

/** The newest `limit` messages, newest first (contact_messages_created_idx). */
export function latestContactMessages(db: Exec, limit: number): Promise<ListedContactMessage[]> {
  return db
    .selectFrom('contact_messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .selectAll('m')
    .select('u.username')
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countContactMessages(db: Exec): Promise<number> {
  const { total } = await db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** A page of messages, newest first, for the staff's /admin (contact_messages_created_idx). */
export async function contactMessagePage(
  db: Exec,
  offset: number,
  limit: number,
): Promise<{ rows: ListedContactMessage[]; total: number }> {
  const rows = await db
    .selectFrom('contact_messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .selectAll('m')
    .select('u.username')
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: await countContactMessages(db) };
}
