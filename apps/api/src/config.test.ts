import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const S3 = {
  S3_BUCKET: 'media',
  S3_REGION: 'auto',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};

function errorOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('works with nothing set: SQLite under ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('sqlite');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.google).toBeUndefined();
  });

  it('caches and sheds renders in production only, unless told', () => {
    expect(loadConfig({}).renderShedDelayMs).toBe(20);
    expect(loadConfig({ NODE_ENV: 'test' }).renderShedDelayMs).toBe(0);
    expect(loadConfig({ RENDER_SHED_DELAY_MS: '0' }).renderShedDelayMs).toBe(0);
    expect(
      loadConfig({ NODE_ENV: 'development', RENDER_SHED_DELAY_MS: '50' }).renderShedDelayMs,
    ).toBe(50);
    expect(loadConfig({}).responseCacheMs).toBe(5000);
    expect(loadConfig({ NODE_ENV: 'test' }).responseCacheMs).toBe(0);
  });

  it('selects S3 for media from the S3 group, with a public URL for a CDN', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ ...S3, S3_PUBLIC_URL: 'https://cdn.example/media/' }).s3).toEqual({
      endpoint: undefined,
      bucket: 'media',
      region: 'auto',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      publicUrl: 'https://cdn.example/media',
    });
    expect(loadConfig({ ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3?.endpoint).toBe(
      'http://127.0.0.1:9000',
    );
  });

  it('selects PostgreSQL from a postgres URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@127.0.0.1:5432/db',
      prepared: true,
    });
  });

  it('keeps PostgreSQL statements prepared unless DATABASE_PREPARED_STATEMENTS is false (decision 050)', () => {
    const url = 'postgres://u@127.0.0.1:5432/db';
    for (const [value, prepared] of [
      ['false', false],
      ['0', false],
      ['true', true],
      ['1', true],
    ] as const) {
      expect(
        loadConfig({ DATABASE_URL: url, DATABASE_PREPARED_STATEMENTS: value }).database,
      ).toEqual({ kind: 'postgres', url, prepared });
    }
    expect(errorOf({ DATABASE_URL: url, DATABASE_PREPARED_STATEMENTS: 'off' })).toBe(
      'Invalid configuration: DATABASE_PREPARED_STATEMENTS must be true or false',
    );
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_SECRET'],
    [{ RENDER_SHED_DELAY_MS: '-1' }, 'RENDER_SHED_DELAY_MS'],
    [{ RENDER_SHED_DELAY_MS: 'soon' }, 'RENDER_SHED_DELAY_MS'],
    [{ S3_BUCKET: 'media' }, 'S3_REGION'],
    [{ S3_PUBLIC_URL: 'https://cdn.example' }, 'S3_BUCKET'],
    [{ ...S3, S3_PUBLIC_URL: 'ftp://cdn.example' }, 'S3_PUBLIC_URL'],
    [{ ...S3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
  ])('rejects %o naming %s on one line', (env, variable) => {
    const message = errorOf(env);
    expect(message).toContain(variable);
    expect(message).not.toContain('\n');
  });

  it('reads REDIS_URL and DATABASE_READ_URL (decision 037)', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379',
      prefix: 'storyloom:',
    });
    expect(errorOf({ REDIS_URL: 'http://x' })).toBe(
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL',
    );
    const replica = loadConfig({
      DATABASE_URL: 'postgres://u@primary/db',
      DATABASE_READ_URL: 'postgres://u@replica/db',
    });
    expect(replica.databaseReadUrl).toBe('postgres://u@replica/db');
    // SQLite has no replica: the variable is refused, not ignored.
    expect(errorOf({ DATABASE_READ_URL: 'postgres://u@replica/db' })).toMatch(
      /^Invalid configuration: DATABASE_READ_URL needs DATABASE_URL/,
    );
  });

  it('reads SERVER_PROCESSES: one unless set, more only with REDIS_URL (decision 044)', () => {
    expect(loadConfig({}).processes).toBe(1);
    expect(
      loadConfig({ SERVER_PROCESSES: '4', REDIS_URL: 'redis://127.0.0.1:6379' }).processes,
    ).toBe(4);
    expect(errorOf({ SERVER_PROCESSES: '2' })).toMatch(
      /^Invalid configuration: SERVER_PROCESSES above 1 needs REDIS_URL/,
    );
    expect(errorOf({ SERVER_PROCESSES: '0' })).toBe(
      'Invalid configuration: SERVER_PROCESSES must be between 1 and 64',
    );
    expect(errorOf({ SERVER_PROCESSES: '1.5', REDIS_URL: 'redis://127.0.0.1:6379' })).toBe(
      'Invalid configuration: SERVER_PROCESSES must be a whole number',
    );
  });
});
