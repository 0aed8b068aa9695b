import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/types.js';
import type { Mail } from '../lib/mailer.js';
import { enqueue } from './queue.js';

/**
 * How services send mail: each message becomes a `mail` job, and a worker delivers it
 * (jobs/worker.ts). Given the caller's transaction, the message commits with the data it is
 * about (a sign-up and its verification link), or not at all.
 */
export interface MailQueue {
  send(mail: Mail, trx?: Kysely<Database> | Transaction<Database>): Promise<void>;
}

/**
 * The queue on the app's database. `poke` wakes this process's worker, so the message leaves
 * within milliseconds rather than at the next poll (one enqueued inside a transaction that is
 * not committed yet waits for that poll).
 */
export function queuedMailer(db: Db, poke: () => void): MailQueue {
  return {
    async send(mail, trx) {
      await enqueue(trx ?? db.kysely, { kind: 'mail', payload: mail });
      poke();
    },
  };
}
