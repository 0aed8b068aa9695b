import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig, prepareDataDir } from './config.js';
import { runPrimary } from './primary.js';

const SHUTDOWN_GRACE_MS = 10_000;

/** The built web app next to the API build, when present. */
function defaultStaticDir(): string | undefined {
  const candidate = join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  return existsSync(join(candidate, 'index.html')) ? candidate : undefined;
}

/** Starts the server from the environment; exits non-zero with one line on a bad start. */
export async function start(overrides: Partial<Config> = {}) {
  let config: Config;
  try {
    config = prepareDataDir({ ...loadConfig(), ...overrides });
  } catch (error) {
    fail(error);
  }
  config = { ...config, staticDir: config.staticDir ?? defaultStaticDir() };
  // Libraries choose their build from the environment when first loaded (React's server
  // renderer, loaded after this, runs its development build, several times slower, unless told):
  // they run in the mode the server runs in, which defaults to production.
  process.env.NODE_ENV = config.env;

  // Loaded here, not at the top: a SERVER_PROCESSES primary never builds the app, and the
  // app's modules (Fastify, React's renderer, the database drivers) would cost it 70 MB.
  const { buildApp: build } = await import('./app.js');
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await build(config);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const variable = config.database.kind === 'postgres' ? 'DATABASE_URL' : 'DATA_DIR';
    fail(new ConfigError(`Cannot open the database (${variable}): ${reason}`));
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // One of SERVER_PROCESSES: its primary gone (killed), no connection comes any more.
  if (cluster.isWorker) process.on('disconnect', () => shutdown('primary gone'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    fail(new ConfigError(`Cannot listen on PORT ${config.port}: ${reason}`));
  }
  return app;
}

function fail(error: unknown): never {
  const message =
    error instanceof ConfigError ? error.message : `Start-up failed: ${String(error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * `npm start`: one server process, or with SERVER_PROCESSES above 1 a primary that runs that
 * many on the one port (primary.ts). The primary checks the configuration first, so a bad one
 * is said once, and makes the data directory (and its JWT secret) before any process starts.
 */
export async function main(): Promise<void> {
  if (cluster.isWorker) {
    await start();
    return;
  }
  let config: Config;
  try {
    config = loadConfig();
    if (config.processes > 1) prepareDataDir(config);
  } catch (error) {
    fail(error);
  }
  if (config.processes === 1) {
    await start();
    return;
  }
  process.exit(await runPrimary(config.processes));
}

const isEntry = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isEntry) void main();
