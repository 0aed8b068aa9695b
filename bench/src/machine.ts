import { execFileSync } from 'node:child_process';
import { cpus, platform, release, totalmem } from 'node:os';
import type { Machine, RunResult } from './types.js';

export function machine(): Machine {
  const cores = cpus();
  return {
    cpus: cores.length,
    cpuModel: cores[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${platform()} ${release()}`,
  };
}

/** The commit measured, and whether the tree had uncommitted changes; null outside a checkout. */
export function gitState(root: string): RunResult['git'] {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
    return {
      commit: git('rev-parse', 'HEAD').trim(),
      dirty: git('status', '--porcelain').trim() !== '',
    };
  } catch {
    return null;
  }
}
