import { spawn } from 'node:child_process';

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of `src/scripts` as its own process through tsx, as its npm command does, and
 * answers how it exited and what it wrote. Only PATH and `env` reach it (quiet logs unless
 * `env` says otherwise).
 */
export function runScript(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<ScriptResult> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', file, ...args], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}
