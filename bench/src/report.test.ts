import { describe, expect, it } from 'vitest';
import { misses, renderSection, upgrade } from './report.js';
import type { EndpointResult, Figures, OurFigures, RunResult, RunResultV1 } from './types.js';

const figures = (over: Partial<Figures> = {}): Figures => ({
  requests: 1000,
  rps: 1000,
  p50: 2,
  p90: 5,
  p99: 10,
  max: 20,
  errors: 0,
  non2xx: 0,
  socketErrors: 0,
  timeouts: 0,
  statusCodes: { 200: 1000 },
  pages: null,
  shellShare: null,
  ...over,
});
const ours = (over: Partial<Figures> = {}): OurFigures => ({ ...figures(over), peakRssMb: 150 });

const endpoint = (over: Partial<EndpointResult>): EndpointResult => ({
  name: 'story-detail',
  kind: 'detail',
  description: 'GET /api/stories/{id}',
  distinctRequests: 10,
  responseBytes: 1000,
  ours: ours(),
  cached: ours({ rps: 5000 }),
  ceiling: figures({ rps: 2000 }),
  ratio: 0.5,
  cachedRatio: 2.5,
  ...over,
});

const machine = { cpus: 2, cpuModel: 'CPU', memoryGb: 8, node: 'v20', platform: 'linux' };

describe('misses', () => {
  it('holds reads to p99 and a share of the ceiling, on the uncached figures', () => {
    expect(misses(endpoint({}))).toEqual([]);
    expect(misses(endpoint({ ours: ours({ p99: 25 }), ratio: 0.29 }))).toEqual([
      'p99 ≥ 25 ms',
      '29% of ceiling < 30%',
    ]);
    expect(misses(endpoint({ ours: null }))).toBeNull();
  });

  it('holds the comment endpoints to their p99 alone', () => {
    const comments = (over: Partial<Figures>, ratio = 0.1) =>
      endpoint({ name: 'comments-thread', kind: 'comments', ours: ours(over), ratio });
    expect(misses(comments({ p99: 24.9 }))).toEqual([]);
    expect(misses(comments({ p99: 25, errors: 1 }))).toEqual(['1 errors', 'p99 ≥ 25 ms']);
  });

  it('holds pages to their shell share, req/s and p99', () => {
    const page = (over: Partial<Figures>) =>
      endpoint({ name: 'page-story', kind: 'page', ours: ours(over) });
    expect(misses(page({ rps: 600, p99: 149, shellShare: 0.05 }))).toEqual([]);
    expect(misses(page({ rps: 599, p99: 150, shellShare: 0.06, errors: 2 }))).toEqual([
      '2 errors',
      'shell 6.0% > 5%',
      '< 600 req/s',
      'p99 ≥ 150 ms',
    ]);
    const discover = endpoint({ name: 'page-discover', kind: 'page', ours: ours({ rps: 1 }) });
    expect(misses(discover)).toEqual([]);
  });
});

describe('format 1 runs', () => {
  const v1: RunResultV1 = {
    format: 1,
    db: 'sqlite',
    size: { label: '10k', stories: 10_000 },
    date: '2026-11-24T04:48:35.000Z',
    machine,
    git: null,
    config: { duration: 10, connections: 50, seed: 42 },
    library: { publicStories: 9000, seededSeconds: 5 },
    server: { peakRssMb: 207 },
    endpoints: [
      {
        name: 'story-detail',
        kind: 'detail',
        description: 'GET /api/stories/{id}, 999 stories',
        distinctRequests: 999,
        responseBytes: 1200,
        ours: { ...figures({ rps: 19_094, p99: 13.1 }), peakRssMb: 200 },
        ceiling: figures({ rps: 19_200 }),
        ratio: 0.994,
      },
    ],
  };

  it('are read as cached figures, the uncached ones missing', () => {
    const run = upgrade(v1);
    expect(run.format).toBe(2);
    expect(run.config.modes).toEqual(['cached']);
    expect(run.config.nodeFlags).toBeNull();
    expect(run.server).toEqual({ peakRssMb: null, cachedPeakRssMb: 207 });
    const [e] = run.endpoints;
    expect(e!.ours).toBeNull();
    expect(e!.cached!.rps).toBe(19_094);
    expect(e!.cachedRatio).toBe(0.994);
  });

  it('fill the cached columns beside a newer uncached run', () => {
    const v2: RunResult = {
      ...upgrade(v1),
      format: 2,
      date: '2026-11-25T10:00:00.000Z',
      config: {
        duration: 3,
        connections: 50,
        seed: 42,
        modes: ['uncached'],
        nodeFlags: [],
        nodeFlagsFrom: 'option',
        renderShedDelayMs: '50',
        sample: { maxStories: 10_000, stories: 9000, chapters: 9000, writers: 0 },
      },
      server: { peakRssMb: 180, cachedPeakRssMb: null },
      endpoints: [endpoint({ cached: null, cachedRatio: null })],
    };
    const section = renderSection([v2, upgrade(v1)], 'results');
    const row = section.split('\n').find((line) => line.startsWith('| `story-detail`'));
    expect(row).toBe(
      '| `story-detail` | 1,000 | 2.00 | 10.0 | 0 | 50% of 2.0k |  | ✅ | 19,094 | 13.1 |',
    );
    expect(section).toContain('| server peak RSS | 180 MB ✅ |  |  |  |  |  |  | 207 MB ✅ |  |');
    expect(section).toContain('none (--node-flags); RENDER_SHED_DELAY_MS=50');
    expect(section).toContain('| cached | not recorded |');
  });
});
