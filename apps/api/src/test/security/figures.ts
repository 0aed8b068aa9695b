import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDbKind } from '../db.js';

const DIR = fileURLToPath(new URL('../../../../../test-results/security/', import.meta.url));

/**
 * Prints a suite's figures on one line and keeps them in test-results/security/ (one file per
 * suite and database), for docs/reliability.md.
 */
export function reportFigures(suite: string, figures: Record<string, unknown>): void {
  const db = testDbKind();
  const text = Object.entries(figures)
    .map(([name, value]) => `${name}=${typeof value === 'object' ? JSON.stringify(value) : value}`)
    .join(' ');
  console.info(`[security] ${suite} (${db}): ${text}`);
  mkdirSync(DIR, { recursive: true });
  writeFileSync(
    join(DIR, `${suite}.${db}.json`),
    `${JSON.stringify({ suite, db, ...figures }, null, 2)}\n`,
  );
}
