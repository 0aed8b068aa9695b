import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { createDb } from '../db/index.js';
import { contactMessageJson, formatContactMessage } from '../modules/contact/listing.js';
import { countContactMessages, latestContactMessages } from '../modules/contact/repo.js';

const USAGE = `Usage: node apps/api/dist/scripts/contact-list.js [--limit N] [--json]
       (npm run contact:list -- [--limit N] [--json])

Prints the messages people sent through the contact form (/contact), newest first: when, the
topic, who sent it (name, email, and their account when they were signed in) and the text.
Reads the database the server uses (DATA_DIR, or DATABASE_URL for PostgreSQL) and changes
nothing; it can run while the server does.

Options:
  --limit N   how many of the newest messages to print (default 50)
  --json      one JSON object per message and line, for other tools
  --help      show this text`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** "relation … does not exist" (PostgreSQL) or "no such table" (SQLite). */
const isMissingTable = (error: unknown) =>
  error instanceof Error && /no such table|does not exist/i.test(error.message);

async function main(): Promise<void> {
  let values: { limit?: string; json?: boolean; help?: boolean };
  try {
    values = parseArgs({
      options: {
        limit: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
  if (values.help) {
    console.info(USAGE);
    return;
  }
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1)
    fail(`--limit must be a whole number above 0\n\n${USAGE}`);

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  // Opening a missing SQLite file would create an empty database: say where we looked instead.
  if (config.database.kind === 'sqlite' && !existsSync(config.database.file)) {
    fail(`No database at ${config.database.file}: is DATA_DIR right?`);
  }
  const db = createDb(config.database);
  try {
    const [messages, total] = await Promise.all([
      latestContactMessages(db.kysely, limit),
      countContactMessages(db.kysely),
    ]);
    if (values.json) {
      for (const message of messages) console.info(contactMessageJson(message));
      return;
    }
    if (total === 0) {
      console.info('No messages yet.');
      return;
    }
    const shown = messages.length < total ? `the newest ${messages.length} of ${total}` : total;
    console.info(`${shown} message${total === 1 ? '' : 's'}, newest first\n`);
    console.info(messages.map(formatContactMessage).join('\n\n'));
  } catch (error) {
    if (isMissingTable(error)) {
      fail(
        'This database has no contact messages table yet: start the server once, which brings the schema up to date.',
      );
    }
    throw error;
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  fail(`Listing failed: ${error instanceof Error ? error.message : String(error)}`);
});
