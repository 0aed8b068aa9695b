import SQLite from 'better-sqlite3';

/**
 * Writes a consistent copy of a live database. VACUUM INTO reads inside one transaction, so the
 * copy is the database as of one commit, and in WAL mode that reader never blocks the server's
 * writers. The copy is switched to rollback journaling so it is one self-contained file (the
 * server turns WAL back on when it opens a restored copy).
 */
export function snapshotSqlite(source: string, target: string): void {
  const live = new SQLite(source, { readonly: true, fileMustExist: true, timeout: 5_000 });
  try {
    live.prepare('VACUUM INTO ?').run(target);
  } finally {
    live.close();
  }
  const copy = new SQLite(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

export interface DatabaseReport {
  /** 'ok', or the problems `PRAGMA integrity_check` found, joined. */
  integrity: string;
  /** Rows per table, every table of the schema (search index tables included). */
  tables: Record<string, number>;
  /** Applied migrations, oldest first. */
  migrations: string[];
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Checks a database file that nothing else has open and counts its rows. */
export function inspectSqlite(file: string): DatabaseReport {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const problems = db.pragma('integrity_check') as { integrity_check: string }[];
    const names = db
      .prepare(
        "select name from sqlite_schema where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .pluck()
      .all() as string[];
    const tables: Record<string, number> = {};
    for (const name of names) {
      tables[name] = db
        .prepare(`select count(*) from ${quoteIdent(name)}`)
        .pluck()
        .get() as number;
    }
    const migrations = names.includes('kysely_migration')
      ? (db.prepare('select name from kysely_migration order by name').pluck().all() as string[])
      : [];
    return { integrity: problems.map((p) => p.integrity_check).join('; '), tables, migrations };
  } finally {
    db.close();
  }
}

/**
 * True while another connection (a running server, a backup) has the database open. Taking an
 * exclusive lock fails at once when anyone else holds the file, even an idle server; when it
 * succeeds nothing is changed and the lock is let go immediately.
 */
export function isSqliteInUse(file: string): boolean {
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('ROLLBACK');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db.close();
  }
}
