import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server.js';

export const RESULTS_DIR = join(ROOT, 'reliability/results');

/** Prints a test's figures and writes them to reliability/results/<name>.json. */
export function writeResults(name: string, figures: Record<string, unknown>): void {
  const summary = {
    test: name,
    finished_at: new Date().toISOString(),
    node: process.version,
    ...figures,
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(summary, null, 2)}\n`);
  console.info(`\n[${name}] ${JSON.stringify(summary, null, 2)}\n`);
}
