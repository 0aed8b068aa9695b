import { describe, expect, it } from 'vitest';
import { parseOptions, UsageError } from './options.js';

const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) => parseOptions(argv, env, '/repo')!;

describe('parseOptions', () => {
  it('runs both modes, uncached first, with npm start’s Node flags by default', () => {
    const options = parse([]);
    expect(options.modes).toEqual(['uncached', 'cached']);
    expect(options.nodeFlags).toBeNull();
  });

  it('takes either mode alone, in any order, from the flag or the environment', () => {
    expect(parse(['--modes', 'cached']).modes).toEqual(['cached']);
    expect(parse(['--modes', 'cached,uncached']).modes).toEqual(['uncached', 'cached']);
    expect(parse([], { BENCH_MODES: 'uncached' }).modes).toEqual(['uncached']);
    expect(parse(['--modes', 'cached'], { BENCH_MODES: 'uncached' }).modes).toEqual(['cached']);
    expect(() => parse(['--modes', 'warm'])).toThrow(UsageError);
    expect(() => parse(['--modes', ''])).toThrow(UsageError);
  });

  it('replaces Node’s flags, an empty string meaning none', () => {
    expect(parse(['--node-flags=--optimize-for-size --max-semi-space-size=4']).nodeFlags).toEqual([
      '--optimize-for-size',
      '--max-semi-space-size=4',
    ]);
    expect(parse(['--node-flags', '']).nodeFlags).toEqual([]);
    expect(parse([], { BENCH_NODE_FLAGS: '' }).nodeFlags).toEqual([]);
    expect(parse([], { BENCH_NODE_FLAGS: '--jitless' }).nodeFlags).toEqual(['--jitless']);
    expect(() => parse(['--node-flags=optimize'])).toThrow(UsageError);
  });

  it('runs one server process unless told more', () => {
    expect(parse([]).processes).toBe(1);
    expect(parse(['--processes', '2']).processes).toBe(2);
    expect(parse([], { BENCH_PROCESSES: '3' }).processes).toBe(3);
    expect(() => parse(['--processes', '0'])).toThrow(UsageError);
  });

  it('seeds with the chapter text index unless told not to', () => {
    expect(parse([]).chapterText).toBe(true);
    expect(parse(['--no-chapter-text']).chapterText).toBe(false);
    expect(parse([], { BENCH_NO_CHAPTER_TEXT: '1' }).chapterText).toBe(false);
  });
});
