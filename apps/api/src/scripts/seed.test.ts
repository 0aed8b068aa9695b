import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/index.js';
import { createTestDb, type TestDb, testDbKind } from '../test/db.js';
import { runScript } from '../test/run-script.js';

const SCRIPT = fileURLToPath(new URL('./seed.ts', import.meta.url));
const seed = (args: string[]) => runScript(SCRIPT, args, env);

let dataDir: string;
let env: NodeJS.ProcessEnv;
let pgDb: TestDb | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'storyloom-seed-'));
  env = { DATA_DIR: dataDir };
  if (testDbKind() === 'postgres') {
    pgDb = await createTestDb();
    env.DATABASE_URL = pgDb.location;
  }
});
afterAll(async () => {
  await pgDb?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Chapters, and chapters in the chapter text index, as the script left them. */
async function counts(): Promise<{ chapters: number; indexed: number }> {
  const db: Db = pgDb ? pgDb.db : createDb({ kind: 'sqlite', file: join(dataDir, 'storyloom.db') });
  try {
    const count = async (table: 'chapters' | 'chapter_search') =>
      Number(
        (
          await db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { chapters: await count('chapters'), indexed: await count('chapter_search') };
  } finally {
    if (!pgDb) await db.close();
  }
}

/** Each run starts Node and tsx: seconds apiece on a loaded machine. */
const SLOW = { timeout: 120_000 };

describe('npm run seed and the chapter text index', () => {
  it('refuses to index a database that holds no library', SLOW, async () => {
    const run = await seed(['--chapter-index-only']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('holds no library to index; seed one first.');
  });

  it('leaves it out when told, and indexes just it afterwards, once', SLOW, async () => {
    const seeded = await seed(['--stories', '40', '--no-chapter-index']);
    expect(seeded.code, seeded.stderr).toBe(0);
    const before = await counts();
    expect(before.chapters).toBeGreaterThan(0);
    expect(before.indexed).toBe(0);

    const indexed = await seed(['--chapter-index-only']);
    expect(indexed.code, indexed.stderr).toBe(0);
    expect(indexed.stdout).toContain(
      `Indexed the text of ${before.chapters.toLocaleString('en-US')} chapters`,
    );
    expect(await counts()).toEqual({ chapters: before.chapters, indexed: before.chapters });

    const again = await seed(['--chapter-index-only']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Indexed the text of 0 chapters');
  });
});
