import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './index.js';
import * as m001 from './migrations/001_initial.js';
import * as m002 from './migrations/002_search.js';

type DialectMigration = {
  up: (db: Parameters<Migration['up']>[0], dialect: Db['dialect']) => Promise<void>;
};

/** Migrations in order. Numbered, forward-only; add new ones at the end. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '001_initial': m001,
  '002_search': m002,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: Db['dialect']) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, m]) => [
        name,
        { up: (db) => m.up(db, this.dialect) } satisfies Migration,
      ]),
    );
  }
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider: new StaticProvider(db.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
