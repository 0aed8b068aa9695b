import Database from 'better-sqlite3';
import pg from 'pg';
import { call, dataOf, isOk } from './http.js';
import { type JobState, jobsInPostgres, jobsInSqlite } from './outbox.js';

/**
 * A chaos run's database as its checks read it, whichever engine the servers run on: read-only
 * SQL written with `?` placeholders, and the job queue's rows.
 */
export interface RunStore {
  all<T>(text: string, params?: unknown[]): Promise<T[]>;
  jobs(): Promise<JobState[]>;
}

/** One connection per call: the servers may be killed and restarted in between. */
export async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function sqliteStore(file: string): RunStore {
  return {
    async all<T>(text: string, params: unknown[] = []) {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        return db.prepare(text).all(...params) as T[];
      } finally {
        db.close();
      }
    },
    jobs: async () => jobsInSqlite(file),
  };
}

export function postgresStore(url: string): RunStore {
  return {
    all: <T>(text: string, params: unknown[] = []) =>
      withPgClient(url, async (client) => {
        let n = 0;
        const numbered = text.replace(/\?/g, () => `$${++n}`);
        return (await client.query(numbered, params)).rows as T[];
      }),
    jobs: () => jobsInPostgres(url),
  };
}

export const CHAOS_PASSWORD = 'chaos-password-1';

/** Signs up and signs in through any running server; answers the access token and user id. */
export async function chaosAccount(baseURL: string, username: string) {
  const email = `${username}@chaos.example`;
  const signup = await call(baseURL, 'POST', '/api/auth/signup', {
    json: { username, email, password: CHAOS_PASSWORD },
  });
  if (!isOk(signup)) throw new Error(`sign-up of ${username} failed`);
  const login = await call(baseURL, 'POST', '/api/auth/token', {
    form: { username: email, password: CHAOS_PASSWORD },
  });
  if (login.kind !== 'response' || !login.body?.access_token)
    throw new Error(`sign-in of ${username} failed`);
  const me = await call(baseURL, 'GET', '/api/users/me', { token: login.body.access_token });
  return {
    token: login.body.access_token as string,
    id: dataOf<{ id: string }>(me).id,
    username,
  };
}
