import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const optionalUrl = (protocols: string[], hint: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, hint)
    .optional();

const port = z.coerce
  .number({ message: 'must be a number' })
  .int('must be an integer')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

/** Every environment variable the server reads. All optional on a laptop. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(
    ['postgres:', 'postgresql:'],
    'must be a postgres:// or postgresql:// URL (leave it unset for SQLite)',
  ),
  DATABASE_READ_URL: optionalUrl(
    ['postgres:', 'postgresql:'],
    'must be a postgres:// or postgresql:// URL of a read replica of DATABASE_URL',
  ),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'must be a redis:// or rediss:// URL'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1 to 64 letters, digits, _ : . or -')
    .default('storyloom:'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'must be an http(s) URL').transform((u) =>
    u?.replace(/\/+$/, ''),
  ),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().min(3).default('Storyloom <no-reply@storyloom.local>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: optionalUrl(['http:', 'https:'], 'must be an http(s) URL').default(
    'https://accounts.google.com',
  ),
  S3_ENDPOINT: optionalUrl(['http:', 'https:'], 'must be an http(s) URL'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: optionalUrl(['http:', 'https:'], 'must be an http(s) URL').transform((u) =>
    u?.replace(/\/+$/, ''),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_PREPARED_STATEMENTS: z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  STATIC_DIR: z.string().min(1).optional(),
  RATE_LIMIT_FACTOR: z.coerce
    .number({ message: 'must be a number' })
    .min(1, 'must be at least 1')
    .max(1000, 'must be at most 1000')
    .default(1),
  RESPONSE_CACHE_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be at least 0')
    .max(60_000, 'must be at most 60000')
    .optional(),
  NOTIFY_UNDO_WINDOW_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be at least 0')
    .max(3_600_000, 'must be at most 3600000')
    .default(60_000),
  NOTIFY_MAIL_DELAY_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be at least 0')
    .max(86_400_000, 'must be at most 86400000')
    .default(600_000),
  NOTIFY_MAIL_GAP_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be at least 0')
    .max(604_800_000, 'must be at most 604800000')
    .default(21_600_000),
  NOTIFY_STREAM_POLL_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .max(600_000, 'must be at most 600000')
    .default(10_000),
  SERVER_PROCESSES: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 64')
    .max(64, 'must be between 1 and 64')
    .default(1),
  RENDER_SHED_DELAY_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be at least 0')
    .max(10_000, 'must be at most 10000')
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  /**
   * `prepared`: PostgreSQL statements kept prepared per connection (DATABASE_PREPARED_STATEMENTS,
   * docs/decisions/050-postgres-prepared-statements.md).
   */
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; prepared: boolean };
  jwtSecret: string;
  publicUrl: string;
  mail: { smtpUrl?: string; from: string; outboxDir: string };
  google?: { clientId: string; clientSecret: string; issuer: string };
  s3?: {
    endpoint?: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    /** Where the bucket is served from (a CDN): media URLs point there; else /media/ on the API. */
    publicUrl?: string;
  };
  mediaDir: string;
  /** Built SPA to serve; absent in API-only tests. */
  staticDir?: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  /** Multiplies every rate limit; raised only for test runs that sign up many users. */
  rateLimitFactor: number;
  /** How long visitors' public reads are kept (plugins/response-cache.ts); 0 turns it off. */
  responseCacheMs: number;
  /**
   * Server rendering sends the shell instead while the event loop is late by more than this
   * (plugins/server-render.ts); 0 never does.
   */
  renderShedDelayMs: number;
  /**
   * How long a follow or a like waits before it is told, so one undone within it (unfollow,
   * unlike) tells no one (modules/notifications).
   */
  notifyUndoWindowMs: number;
  /** How often a notification stream reads again without being woken (another process wrote). */
  notificationPollMs: number;
  /**
   * Notification emails (modules/notifications/mail.ts): a batch waits `delayMs` after the
   * first thing to tell; a person gets one at most every `gapMs`.
   */
  notificationMail: { delayMs: number; gapMs: number };
  /**
   * A read replica of the PostgreSQL database: visitors' public reads go to it
   * (docs/decisions/037-shared-state-and-read-replicas.md); everything else to the primary.
   */
  databaseReadUrl?: string;
  /**
   * Redis shared by every API process: rate-limit counters, the visitors' cache emptied
   * everywhere on a write, notification streams woken everywhere (decision 037). Keys and
   * channels start with `prefix`. Without it, each process keeps these to itself.
   */
  redis?: { url: string; prefix: string };
  /**
   * How many server processes `npm start` runs on this machine, sharing its port (server.ts,
   * docs/decisions/044-server-processes.md). More than one needs `redis`.
   */
  processes: number;
}

/** Kept in production unless configured; development and tests see every write at once. */
const DEFAULT_RESPONSE_CACHE_MS = 5_000;
/** Shedding renders under load, in production unless configured; tests always render. */
const DEFAULT_RENDER_SHED_DELAY_MS = 20;

/** A configuration problem, reported on one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment into a typed config. Throws ConfigError naming the first bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  const env = parsed.data;
  const google = pickGroup(env, ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']);
  const s3 = pickGroup(env, ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
  if (env.S3_PUBLIC_URL && !s3) {
    throw new ConfigError('Invalid configuration: S3_BUCKET is required when S3_PUBLIC_URL is set');
  }
  const dataDir = resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, prepared: env.DATABASE_PREPARED_STATEMENTS }
      : { kind: 'sqlite', file: join(dataDir, 'storyloom.db') },
    jwtSecret: env.JWT_SECRET ?? '',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: join(dataDir, 'outbox') },
    google: google
      ? {
          clientId: env.GOOGLE_CLIENT_ID!,
          clientSecret: env.GOOGLE_CLIENT_SECRET!,
          issuer: env.GOOGLE_ISSUER!,
        }
      : undefined,
    s3: s3
      ? {
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET!,
          region: env.S3_REGION!,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          ...(env.S3_PUBLIC_URL ? { publicUrl: env.S3_PUBLIC_URL } : {}),
        }
      : undefined,
    mediaDir: join(dataDir, 'media'),
    staticDir: env.STATIC_DIR ? resolve(env.STATIC_DIR) : undefined,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    rateLimitFactor: env.RATE_LIMIT_FACTOR,
    responseCacheMs:
      env.RESPONSE_CACHE_MS ?? (env.NODE_ENV === 'production' ? DEFAULT_RESPONSE_CACHE_MS : 0),
    renderShedDelayMs:
      env.RENDER_SHED_DELAY_MS ??
      (env.NODE_ENV === 'production' ? DEFAULT_RENDER_SHED_DELAY_MS : 0),
    notifyUndoWindowMs: env.NOTIFY_UNDO_WINDOW_MS,
    notificationPollMs: env.NOTIFY_STREAM_POLL_MS,
    notificationMail: { delayMs: env.NOTIFY_MAIL_DELAY_MS, gapMs: env.NOTIFY_MAIL_GAP_MS },
    databaseReadUrl: readReplica(env),
    redis: env.REDIS_URL ? { url: env.REDIS_URL, prefix: env.REDIS_PREFIX } : undefined,
    processes: serverProcesses(env),
  };
}

/**
 * Processes that each kept their own rate-limit counters and visitors' cache would allow N times
 * every limit and serve each other's stale answers: more than one shares them through Redis.
 */
function serverProcesses(env: Env): number {
  if (env.SERVER_PROCESSES > 1 && !env.REDIS_URL) {
    throw new ConfigError(
      "Invalid configuration: SERVER_PROCESSES above 1 needs REDIS_URL (the processes share rate limits, the visitors' cache and notification wake-ups through it)",
    );
  }
  return env.SERVER_PROCESSES;
}

/** A read replica is of a PostgreSQL primary: with SQLite (one file) there is none to have. */
function readReplica(env: Env): string | undefined {
  if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_READ_URL needs DATABASE_URL (read replicas are for PostgreSQL; SQLite has one file)',
    );
  }
  return env.DATABASE_READ_URL;
}

/** A group of variables is all-or-nothing: half a Google or S3 set-up is a start-up error. */
function pickGroup<K extends keyof Env>(env: Env, keys: K[]): boolean {
  const set = keys.filter((k) => env[k] !== undefined);
  if (set.length === 0) return false;
  const missing = keys.find((k) => env[k] === undefined);
  if (missing) {
    throw new ConfigError(
      `Invalid configuration: ${String(missing)} is required when ${String(set[0])} is set`,
    );
  }
  return true;
}

/**
 * Makes the data directory and fills in a JWT secret when none is configured: generated once
 * and kept in DATA_DIR, so tokens survive restarts.
 */
export function prepareDataDir(config: Config): Config {
  mkdirSync(config.dataDir, { recursive: true });
  mkdirSync(config.mediaDir, { recursive: true });
  if (config.jwtSecret) return config;
  const secretFile = join(config.dataDir, 'jwt-secret');
  if (!existsSync(secretFile)) {
    writeFileSync(secretFile, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return { ...config, jwtSecret: readFileSync(secretFile, 'utf8').trim() };
}
