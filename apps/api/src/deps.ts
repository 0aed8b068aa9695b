import type { Config } from './config.js';
import type { Db } from './db/index.js';

/** What route modules receive: the config and the database. Services take what they need from it. */
export interface AppDeps {
  config: Config;
  db: Db;
}
