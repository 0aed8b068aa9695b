import { errorEnvelope } from '@storyloom/shared';
import fc from 'fast-check';
import type { TestApp } from '../app.js';
import { injectOrStream } from '../streams.js';
import { changes, type Snapshot } from './snapshot.js';

/** One fuzzed request. */
export interface Probe {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** What every answer must satisfy, whatever was sent; why it did not, else an empty list. */
function answerProblems(p: Probe, status: number, text: string, location: unknown, raw: boolean) {
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  if (p.method !== 'HEAD' && status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (!errorEnvelope.safeParse(body).success) problems.push('error answer is not the envelope');
  } else if (p.method !== 'HEAD' && status < 300 && !raw) {
    if ((JSON.parse(text) as { success?: unknown }).success !== true) {
      problems.push('success answer is not the envelope');
    }
  }
  if (status >= 300 && status < 400) {
    const to = String(location ?? '');
    if (!to.startsWith('/') || to.startsWith('//')) problems.push(`redirect off-site to ${to}`);
  }
  return problems;
}

/**
 * Sends fuzzed requests and checks each answer: below 500, the envelope, an on-site redirect,
 * Object.prototype untouched, and for a rejected (4xx) request the database and data directory
 * exactly as before. Counts what it sent for the figures.
 */
export function createProber(t: TestApp, snapshot: () => Promise<Snapshot>, seed: number) {
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort().join();
  const byProperty: Record<string, number> = {};
  const byStatus: Record<string, number> = {};
  let cases = 0;
  let baseline: Snapshot | undefined;

  async function probe(property: string, p: Probe, raw: boolean): Promise<void> {
    const before = baseline ?? (await snapshot());
    const res = await injectOrStream(t, p.url.split('?')[0]!, {
      method: p.method,
      url: p.url,
      headers: p.headers,
      ...(p.payload === undefined ? {} : { payload: p.payload }),
    });
    cases += 1;
    byProperty[property] = (byProperty[property] ?? 0) + 1;
    byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
    const problems = answerProblems(p, res.statusCode, res.body, res.headers.location, raw);
    const after = await snapshot();
    baseline = after;
    if (res.statusCode >= 400) {
      const changed = changes(before, after);
      if (changed.length > 0) problems.push(`rejected request changed ${changed.join(', ')}`);
    }
    if (Object.getOwnPropertyNames(Object.prototype).sort().join() !== prototypeKeys) {
      problems.push('Object.prototype was polluted');
    }
    if (problems.length > 0) {
      const sent =
        typeof p.payload === 'string' ? p.payload : (p.payload?.toString('latin1') ?? '');
      throw new Error(
        `${p.method} ${p.url.slice(0, 300)} [${p.headers['content-type'] ?? '-'}] ${sent.slice(0, 300)}\n` +
          `  -> ${res.statusCode} ${res.body.slice(0, 300)}\n  ${problems.join('; ')}`,
      );
    }
  }

  /**
   * Runs a property with the fixed seed. A failure reports the seed, the path to replay it and
   * probe()'s readable problem, not fast-check's dump of a megabyte-long counterexample.
   */
  async function run<T extends [unknown, ...unknown[]]>(
    property: fc.IAsyncProperty<T>,
    runs: number,
  ): Promise<void> {
    baseline = undefined;
    const details = await fc.check(property, { seed, numRuns: runs, endOnFailure: true });
    if (details.failed) {
      const cause =
        details.errorInstance instanceof Error
          ? details.errorInstance.message
          : String(details.errorInstance);
      throw new Error(
        `fuzz case failed (FUZZ_SEED=${seed}, path ${details.counterexamplePath}, after ${details.numRuns} runs):\n${cause}`,
      );
    }
  }

  return {
    probe,
    run,
    figures: () => ({ cases, by_status: byStatus, by_property: byProperty }),
  };
}
