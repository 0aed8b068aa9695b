import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../backup/create.js';
import { listFiles, sha256File } from '../backup/files.js';
import { type Manifest, manifestSchema } from '../backup/manifest.js';
import { restoreBackup } from '../backup/restore.js';
import { inspectSqlite } from '../backup/sqlite.js';
import { loadConfig } from '../config.js';
import { testDbKind } from '../test/db.js';
import { freePort } from '../test/ports.js';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];

const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `storyloom-${name}-`));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs a TypeScript entry (the server or a script) through tsx, as its own process. */
function runTs(file: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', file, ...args], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, exited };
}

const runScript = (name: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv) =>
  runTs(join(SRC, `scripts/${name}.ts`), args, env);

async function startServer(dataDir: string) {
  const port = await freePort();
  const server = runTs(join(SRC, 'server.ts'), [], {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT_FACTOR: '100',
  });
  const base = `http://127.0.0.1:${port}`;
  // Readiness, not speed: start-up on a loaded machine can take many seconds.
  for (let i = 0; ; i++) {
    if (server.child.exitCode !== null)
      throw new Error(`server exited: ${(await server.exited).stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('server did not become healthy');
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    server.child.kill('SIGTERM');
    return (await server.exited).code;
  };
  return { base, stop };
}

type Json = Record<string, unknown>;

async function call(base: string, token: string | null, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(`${base}/api${path}`, { ...init, headers });
  const body = (await res.json()) as { data: Json; access_token?: string };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}`);
  return body;
}

async function signUp(base: string, name: string): Promise<string> {
  const user = { username: name, email: `${name}@example.com`, password: 'Plot-Twist-42' };
  await call(base, null, '/auth/signup', { method: 'POST', body: JSON.stringify(user) });
  const form = new FormData();
  form.append('username', user.email);
  form.append('password', user.password);
  return (await call(base, null, '/auth/token', { method: 'POST', body: form })).access_token!;
}

const png = (shade: number) =>
  sharp({ create: { width: 60, height: 90, channels: 3, background: { r: shade, g: 90, b: 40 } } })
    .png()
    .toBuffer();

function imageForm(field: string, data: Buffer) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type: 'image/png' }), 'picture.png');
  return form;
}

/** Where one acknowledged write stands relative to the backup process's life. */
type Phase = 'before' | 'during' | 'after';
interface Ack {
  id: string;
  phase: Phase;
}

/**
 * A sequential writer: each call runs after the previous one was acknowledged, so any
 * consistent snapshot holds exactly a prefix of its writes.
 */
function writer(write: (i: number) => Promise<string>, phaseOf: () => Phase) {
  const acks: Ack[] = [];
  let stopping = false;
  const done = (async () => {
    for (let i = 0; !stopping; i++) {
      const startedIn = phaseOf();
      const id = await write(i);
      // A write that began after the backup exited is 'after'; one that ended before it began
      // is 'before'; anything else overlapped it.
      const endedIn = phaseOf();
      acks.push({
        id,
        phase: startedIn === 'after' ? 'after' : endedIn === 'before' ? 'before' : 'during',
      });
    }
  })();
  return {
    acks,
    count: (phase: Phase) => acks.filter((a) => a.phase === phase).length,
    stop: () => {
      stopping = true;
      return done;
    },
  };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
};

/** What a snapshot holds of one writer's writes: must be a prefix, covering every 'before'. */
function expectPrefix(acks: Ack[], present: Set<string>) {
  const held = acks.findIndex((a) => !present.has(a.id));
  const prefix = held === -1 ? acks.length : held;
  expect(acks.slice(prefix).filter((a) => present.has(a.id))).toEqual([]);
  expect(acks.slice(0, prefix).every((a) => a.phase !== 'after')).toBe(true);
  expect(prefix).toBeGreaterThanOrEqual(acks.filter((a) => a.phase === 'before').length);
  return prefix;
}

function query<T>(file: string, sql: string): T[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

/** Every file under a directory with its hash: "nothing changed" means this stays equal. */
async function fingerprint(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const file of await listFiles(dir)) out[file] = await sha256File(join(dir, file));
  return out;
}

const configFor = (dataDir: string) => loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

describe.skipIf(testDbKind() === 'postgres')('npm run backup and npm run restore (SQLite)', () => {
  let liveDir: string;
  let backupDir: string;
  let live: Awaited<ReturnType<typeof startServer>>;
  let manifest: Manifest;
  let tokenA: string;
  let storyA: ReturnType<typeof writer>;
  let chapterC: ReturnType<typeof writer>;
  let coverB: ReturnType<typeof writer>;
  let avatarA: { url: string; bytes: Buffer };

  beforeAll(async () => {
    liveDir = join(tempDir('backup-live'), 'data');
    backupDir = join(tempDir('backup-out'), 'snapshot');
    live = await startServer(liveDir);
  });
  afterAll(async () => {
    await live?.stop();
  });

  it('backs up while writes keep landing: a verified snapshot of one moment plus every media file it needs', {
    timeout: 240_000,
  }, async () => {
    const base = live.base;
    tokenA = await signUp(base, 'backup_alice');
    const tokenB = await signUp(base, 'backup_bob');
    const meA = await call(base, tokenA, '/users/me/profile-pic', {
      method: 'POST',
      body: imageForm('file', await png(10)),
    });
    const url = meA.data.profile_pic as string;
    avatarA = { url, bytes: Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer()) };
    const serial = (
      await call(base, tokenB, '/stories/json', {
        method: 'POST',
        body: JSON.stringify({
          title: 'Serial',
          genre: 'Fantasy',
          chapters: [{ content: '<p>1</p>' }],
        }),
      })
    ).data.id as string;

    let phase: Phase = 'before';
    storyA = writer(
      async (i) => {
        const body = {
          title: `Alice ${i}`,
          genre: 'Mystery',
          tags: ['backup', `n${i}`],
          visibility: i % 4 === 3 ? 'private' : 'public',
          chapters: [
            { title: 'One', content: `<p>Story ${i}, chapter one.</p>` },
            { content: '<p>Two.</p>' },
          ],
        };
        return (
          await call(base, tokenA, '/stories/json', { method: 'POST', body: JSON.stringify(body) })
        ).data.id as string;
      },
      () => phase,
    );
    chapterC = writer(
      async (i) => {
        const body = { story_id: serial, content: `<p>Part ${i}</p>`, published: i % 3 !== 0 };
        return (
          await call(base, tokenB, '/chapters', { method: 'POST', body: JSON.stringify(body) })
        ).data.id as string;
      },
      () => phase,
    );
    // Every new cover removes the previous files: the backup must still hold the one it names.
    coverB = writer(
      async (i) => {
        const res = await call(base, tokenB, `/stories/${serial}/cover`, {
          method: 'PATCH',
          body: imageForm('cover', await png(20 + (i % 200))),
        });
        return res.data.cover_image as string;
      },
      () => phase,
    );

    const writers = [storyA, chapterC, coverB];
    await until(() => writers.every((w) => w.count('before') >= 5));
    const backup = runScript('backup', ['--out', backupDir], { DATA_DIR: liveDir });
    phase = 'during';
    const result = await backup.exited;
    phase = 'after';
    await until(() => writers.every((w) => w.count('after') >= 3));
    await Promise.all(writers.map((w) => w.stop()));

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`to ${backupDir}`);
    // The writes really did overlap the backup.
    expect(writers.reduce((n, w) => n + w.count('during'), 0)).toBeGreaterThan(0);

    manifest = manifestSchema.parse(
      JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8')),
    );
    const dbFile = join(backupDir, 'storyloom.db');
    expect(manifest.database.integrity).toBe('ok');
    expect(inspectSqlite(dbFile)).toEqual({
      integrity: 'ok',
      tables: manifest.database.tables,
      migrations: manifest.database.migrations,
    });
    expect(manifest.database.sha256).toBe(await sha256File(dbFile));

    // One moment: each sequential writer's acknowledged writes appear as an exact prefix.
    const stories = new Set(
      query<{ id: string }>(dbFile, 'select id from stories').map((r) => r.id),
    );
    expectPrefix(storyA.acks, stories);
    const chapters = new Set(
      query<{ id: string }>(dbFile, 'select id from chapters').map((r) => r.id),
    );
    expectPrefix(chapterC.acks, chapters);
    const [cover] = query<{ cover_image: string }>(
      dbFile,
      `select cover_image from stories where id = '${serial}'`,
    );
    // The cover it names is the last one set before the snapshot: set no later than the backup.
    const coverAt = coverB.acks.findIndex((a) => a.id === cover!.cover_image);
    expect(coverAt).toBeGreaterThanOrEqual(coverB.count('before') - 1);
    expect(coverB.acks[coverAt]!.phase).not.toBe('after');
    expect(manifest.database.tables.stories).toBe(stories.size);

    // Counters equal the rows they count in the copy.
    const drift = query(
      dbFile,
      `select s.id from stories s where s.chapters_count !=
           (select count(*) from chapters c where c.story_id = s.id and c.published = 1)
         union all
         select u.id from users u where u.stories_count !=
           (select count(*) from stories s where s.author_id = u.id and s.visibility = 'public')`,
    );
    expect(drift).toEqual([]);

    // Every media file the snapshot refers to is in the backup, byte for byte as listed.
    expect(manifest.media.missing).toEqual([]);
    const mediaPaths = new Set(manifest.media.entries.map((e) => e.path));
    const coverKey = cover!.cover_image.replace('/media/', 'media/');
    for (const path of [
      coverKey,
      coverKey.replace('-lg.', '-sm.'),
      `media/${avatarA.url.slice(7)}`,
    ]) {
      expect(mediaPaths.has(path)).toBe(true);
    }
    for (const entry of manifest.media.entries) {
      expect(await sha256File(join(backupDir, entry.path))).toBe(entry.sha256);
    }
    expect(manifest.jwt_secret?.sha256).toBe(await sha256File(join(liveDir, 'jwt-secret')));
  });

  it('restores into a fresh DATA_DIR: the data, the media and the sessions come back, intact', {
    timeout: 240_000,
  }, async () => {
    expect(manifest).toBeDefined();
    const target = join(tempDir('restore'), 'data');
    const restore = await runScript('restore', [backupDir], { DATA_DIR: target }).exited;
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(inspectSqlite(join(target, 'storyloom.db'))).toEqual({
      integrity: 'ok',
      tables: manifest.database.tables,
      migrations: manifest.database.migrations,
    });
    expect(await fingerprint(join(target, 'media'))).toEqual(
      Object.fromEntries(manifest.media.entries.map((e) => [e.path.slice(6), e.sha256])),
    );

    const restored = await startServer(target);
    try {
      // The restored token secret keeps sessions valid.
      const me = await call(restored.base, tokenA, '/users/me');
      expect(me.data.profile_pic).toBe(avatarA.url);
      const picture = await fetch(`${restored.base}${avatarA.url}`);
      expect(Buffer.from(await picture.arrayBuffer())).toEqual(avatarA.bytes);
      const held = query<{ id: string; title: string }>(
        join(backupDir, 'storyloom.db'),
        `select id, title from stories where title like 'Alice %'`,
      );
      expect(held.length).toBeGreaterThanOrEqual(storyA.count('before'));
      for (const story of held) {
        const res = await call(restored.base, tokenA, `/stories/${story.id}`);
        expect(res.data.title).toBe(story.title);
      }

      // The server holds the database: even --force is refused, and nothing changes. The
      // running server's own worker may write its database meanwhile (a due job), so the
      // database is compared by its rows, every other file by its bytes.
      const state = async () => {
        const files = Object.entries(await fingerprint(target)).filter(
          ([file]) => !file.startsWith('storyloom.db'),
        );
        const rows = query(join(target, 'storyloom.db'), 'select * from stories order by id');
        return { files, rows };
      };
      const before = await state();
      await expect(
        restoreBackup({ backupDir, config: configFor(target), force: true }),
      ).rejects.toThrow(/is in use \(is the server running\?\)/);
      expect(await state()).toEqual(before);
    } finally {
      expect(await restored.stop()).toBe(0);
    }

    // Stopped but holding data: refused without --force (CLI), moved aside with it.
    const before = await fingerprint(target);
    const refused = await runScript('restore', [backupDir], { DATA_DIR: target }).exited;
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /already holds data \(a database and \d+ media files\)\. Pass --force/,
    );
    expect(await fingerprint(target)).toEqual(before);

    const forced = await restoreBackup({ backupDir, config: configFor(target), force: true });
    expect(forced.movedAside).toMatch(/pre-restore-/);
    expect(await sha256File(join(forced.movedAside!, 'storyloom.db'))).toBe(before['storyloom.db']);
    expect(await sha256File(join(target, 'storyloom.db'))).toBe(manifest.database.sha256);
    expect(inspectSqlite(join(target, 'storyloom.db')).integrity).toBe('ok');
  });

  describe('bad input gets a clear error and changes nothing', () => {
    const target = () => join(tempDir('restore-bad'), 'data');

    it('refuses a missing directory, a directory that is not a backup, and a damaged backup', async () => {
      expect(manifest).toBeDefined();
      const dataDir = target();
      const config = configFor(dataDir);
      await expect(restoreBackup({ backupDir: join(dataDir, 'nope'), config })).rejects.toThrow(
        /^Backup directory not found: /,
      );
      await expect(restoreBackup({ backupDir: liveDir, config })).rejects.toThrow(
        /is not a Storyloom backup: it has no manifest\.json\./,
      );
      await expect(
        restoreBackup({ backupDir: join(backupDir, 'manifest.json'), config }),
      ).rejects.toThrow(/is not a directory\./);

      const damaged = join(tempDir('damaged'), 'copy');
      cpSync(backupDir, damaged, { recursive: true });
      const entry = manifest.media.entries[0]!;
      const bytes = readFileSync(join(damaged, entry.path));
      bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
      writeFileSync(join(damaged, entry.path), bytes);
      await expect(restoreBackup({ backupDir: damaged, config })).rejects.toThrow(
        `is damaged: ${entry.path} does not match its manifest.`,
      );

      const escaping = join(tempDir('escaping'), 'copy');
      cpSync(backupDir, escaping, { recursive: true });
      const forged = {
        ...manifest,
        media: { ...manifest.media, entries: [{ ...entry, path: 'media/../../x' }] },
      };
      writeFileSync(join(escaping, 'manifest.json'), JSON.stringify(forged));
      await expect(restoreBackup({ backupDir: escaping, config })).rejects.toThrow(
        /is not a Storyloom backup manifest \(media\.entries\.0\.path: must be a relative path inside the backup\)/,
      );

      const onPostgres = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
      });
      await expect(restoreBackup({ backupDir, config: onPostgres })).rejects.toMatchObject({
        exitCode: 2,
        message: expect.stringMatching(/^DATABASE_URL is set: .* pg_restore or PITR/),
      });

      // Not one of these created DATA_DIR.
      expect(await listFiles(dataDir)).toEqual([]);
      const cli = await runScript('restore', [join(dataDir, 'nope')], { DATA_DIR: dataDir }).exited;
      expect(cli.code).toBe(1);
      expect(cli.stderr.trim()).toBe(`Backup directory not found: ${join(dataDir, 'nope')}`);
    });

    it('backup refuses an --out that holds files, a DATA_DIR without a database, and PostgreSQL', async () => {
      const occupied = tempDir('occupied');
      writeFileSync(join(occupied, 'keep.txt'), 'mine');
      await expect(createBackup({ config: configFor(liveDir), outDir: occupied })).rejects.toThrow(
        `${occupied} already holds files; choose a new or empty directory.`,
      );
      expect(await fingerprint(occupied)).toEqual({
        'keep.txt': await sha256File(join(occupied, 'keep.txt')),
      });

      const empty = tempDir('no-db');
      mkdirSync(join(empty, 'media'));
      await expect(createBackup({ config: configFor(empty) })).rejects.toThrow(
        /^There is no database at .*storyloom\.db to back up: is DATA_DIR right\?$/,
      );
      expect(await listFiles(empty)).toEqual([]);

      const pg = await runScript('backup', [], {
        DATA_DIR: empty,
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
      }).exited;
      expect(pg.code).toBe(2);
      expect(pg.stderr).toContain('pg_dump --format=custom');
      expect(pg.stderr).toContain('point-in-time recovery (PITR)');
      expect(await listFiles(empty)).toEqual([]);
    });
  });
});
