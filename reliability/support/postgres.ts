import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const exec = promisify(execFile);

/** The directory holding initdb/pg_ctl: PG_BIN, else the newest Debian install. */
function findBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin/pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      'No PostgreSQL server binaries in /usr/lib/postgresql/*/bin: install postgresql or set PG_BIN',
    );
  }
  return join(base, versions[0]!, 'bin');
}

/** uid and gid of an OS user, from /etc/passwd. */
function osUser(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no '${name}' OS user to run PostgreSQL as`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * A throw-away PostgreSQL cluster in a temp directory on its own port, so a test can stop and
 * start "the database" without touching the shared server on 5432. PostgreSQL refuses to run
 * as root, so as root every command runs as the `postgres` OS user.
 */
export class PrivateCluster {
  readonly dir: string;
  readonly dataDir: string;
  private readonly bin = findBinDir();
  private readonly asRoot = process.getuid?.() === 0;

  constructor(readonly port: number) {
    this.dir = mkdtempSync(join(tmpdir(), 'storyloom-chaos-pg-'));
    this.dataDir = join(this.dir, 'data');
    if (this.asRoot) {
      const { uid, gid } = osUser('postgres');
      chownSync(this.dir, uid, gid);
    }
  }

  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Runs a PostgreSQL tool without blocking the event loop (clients keep running meanwhile). */
  private async run(tool: string, args: string[]): Promise<string> {
    const command = join(this.bin, tool);
    const [file, argv] = this.asRoot
      ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
      : [command, args];
    try {
      return (await exec(file, argv, { cwd: this.dir, encoding: 'utf8' })).stdout;
    } catch (error) {
      const e = error as { stderr?: string; stdout?: string; message: string };
      throw new Error(`${tool} ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`);
    }
  }

  async init(): Promise<void> {
    await this.run('initdb', [
      '-D',
      this.dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
  }

  /** Starts the cluster and waits until it accepts connections. Durability settings stay default. */
  async start(): Promise<void> {
    const options = [
      `-p ${this.port}`,
      "-c listen_addresses='127.0.0.1'",
      `-c unix_socket_directories='${this.dir}'`,
      '-c max_connections=40',
      '-c shared_buffers=32MB',
    ].join(' ');
    await this.run('pg_ctl', [
      'start',
      '-D',
      this.dataDir,
      '-l',
      join(this.dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      options,
    ]);
  }

  /** Creates, starts and fills the cluster with an empty `database`; answers its URL. */
  async launch(database: string): Promise<string> {
    await this.init();
    await this.start();
    await this.createDatabase(database);
    return this.url(database);
  }

  /** `immediate` is a crash: no checkpoint, every connection cut; recovery replays the WAL. */
  async stop(mode: 'immediate' | 'fast' = 'fast'): Promise<void> {
    await this.run('pg_ctl', ['stop', '-D', this.dataDir, '-m', mode, '-w', '-t', '60']);
  }

  async running(): Promise<boolean> {
    try {
      await this.run('pg_ctl', ['status', '-D', this.dataDir]);
      return true;
    } catch {
      return false;
    }
  }

  async createDatabase(name: string): Promise<void> {
    const client = new pg.Client({ connectionString: this.url('postgres') });
    await client.connect();
    try {
      await client.query(`create database ${name}`);
    } finally {
      await client.end();
    }
  }

  log(): string {
    try {
      return readFileSync(join(this.dir, 'server.log'), 'utf8').slice(-8_000);
    } catch {
      return '';
    }
  }

  async destroy(): Promise<void> {
    if (existsSync(this.dataDir) && (await this.running())) await this.stop('immediate');
    rmSync(this.dir, { recursive: true, force: true });
  }
}
