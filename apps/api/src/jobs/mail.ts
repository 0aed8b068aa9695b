import type { Db } from '../db/index.js';
import type { Mailer } from '../lib/mailer.js';
import { enqueue } from './queue.js';

/**
 * The mailer the services send through: each message becomes a `mail` job, committed before
 * `send` returns, and a worker delivers it (jobs/worker.ts). `poke` wakes this process's
 * worker, so the message leaves within milliseconds rather than at the next poll.
 */
export function queuedMailer(db: Db, poke: () => void): Mailer {
  return {
    async send(mail) {
      await enqueue(db.kysely, { kind: 'mail', payload: mail });
      poke();
    },
  };
}
