import { ConfigError, loadConfig, prepareDataDir } from '../config.js';
import { createDb, type Db } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedLibrary } from '../seed/library.js';
import { DEMO_ACCOUNT } from '../seed/users.js';
import { start } from '../server.js';

/** Fixed, so every fresh demo shows the same library (dates stay relative to today). */
const DEMO_SEED = 20_260_101;

/**
 * The demo is for this machine: it listens on loopback unless HOST opens it up
 * (`HOST=0.0.0.0 npm run demo`). http://localhost:3000 reaches it wherever localhost resolves
 * to 127.0.0.1, whether or not ::1 comes first (browsers and curl then try the next address).
 * Not 'localhost' itself: with the visitors' cache's server factory, Fastify listens on the
 * first address it resolves to only, which may be ::1 alone.
 */
const DEMO_HOST = '127.0.0.1';

/** Seeds the demo library into an empty database; leaves any existing data alone. */
async function seedIfEmpty(db: Db): Promise<void> {
  const anyUser = await db.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) {
    console.info('The database already has users; serving it as it is.');
    return;
  }
  const summary = await seedLibrary(db, {
    users: 41,
    stories: 300,
    chaptersPerStory: [3, 6],
    commentsPerStory: 6,
    seed: DEMO_SEED,
    demoAccount: true,
  });
  console.info(
    `Seeded the demo library: ${summary.authors} authors, ${summary.stories} stories, ${summary.comments} comments`,
  );
}

/** An author to suggest signing in as, besides the demo account. */
async function sampleAuthorEmail(db: Db): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('users')
    .select('email')
    .where('email', '!=', DEMO_ACCOUNT.email)
    .orderBy('followers_count', 'desc')
    .orderBy('email')
    .limit(1)
    .executeTakeFirst();
  return row?.email;
}

async function main(): Promise<void> {
  // Before any configuration is read: the demo's default differs from `npm start`'s.
  process.env.HOST ||= DEMO_HOST;
  let config: ReturnType<typeof loadConfig>;
  try {
    config = prepareDataDir(loadConfig());
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const db = createDb(config.database);
  let author: string | undefined;
  try {
    await migrateToLatest(db);
    await seedIfEmpty(db);
    author = await sampleAuthorEmail(db);
  } finally {
    await db.close();
  }

  await start();
  console.info(`Storyloom is running at http://localhost:${config.port}`);
  console.info(
    `Sign in as ${DEMO_ACCOUNT.email} (username '${DEMO_ACCOUNT.username}') with password '${DEMO_ACCOUNT.password}'.`,
  );
  if (author) console.info(`Any seeded user works too, e.g. ${author}, with the same password.`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Demo failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
