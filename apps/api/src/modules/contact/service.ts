import type { ContactBody, ContactReceipt } from '@storyloom/shared';
import type { Db } from '../../db/index.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { insertContactMessage } from './repo.js';

/**
 * Messages people send through /contact, stored for the site's staff (who read them with
 * `npm run contact:list` until they get a screen). Nothing about the sender is kept beyond
 * what they typed and, when signed in, their account.
 */
export function createContactService({ db }: { db: Db }) {
  return {
    async send(body: ContactBody, sender: { id: string } | null): Promise<ContactReceipt> {
      const row = {
        id: newId(),
        user_id: sender?.id ?? null,
        name: body.name,
        email: body.email,
        topic: body.topic,
        message: body.message,
        created_at: nowIso(),
      };
      await insertContactMessage(db.kysely, row);
      return { id: row.id, created_at: row.created_at };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
