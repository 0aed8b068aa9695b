import type { Kysely } from 'kysely';
import type { DialectName } from '../index.js';
import { buildIndex } from '../index-builds.js';

/**
 * A notification's latest actors from one index (issue 20,
 * docs/decisions/050-notification-actors-latest.md). A page of notifications names up to three
 * actors of each, the latest first. The only index on notification_actors that leads with the
 * notification was its primary key (notification_id, actor_id), which holds no time: every
 * actor row of each notification on the page was read from the table to rank them (a like
 * notification gathers hundreds), a random page each, the page's largest cost on a library of
 * millions. This index holds them in the order shown, so they are ranked from its entries,
 * adjacent ones, without the table.
 *
 * Outside a transaction, built `concurrently` on PostgreSQL (index-builds.ts), so fan-out keeps
 * writing actor rows while it builds; run again after a crash, it finishes the job.
 */
export const transaction = false;

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await buildIndex(
    db,
    dialect,
    'notification_actors_latest_idx',
    'on notification_actors (notification_id, created_at desc, actor_id)',
  );
}
