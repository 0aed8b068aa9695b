import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** How `npm start` runs the server: its environment assignments, Node's flags, the script. */
export interface StartCommand {
  env: Record<string, string>;
  nodeFlags: string[];
  script: string;
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(\S*)$/;

/**
 * Reads the root package.json's `start` script (`[VAR=value …] node [--flag …] <script>`), so
 * the bench runs the server exactly as users start it.
 */
export function parseStartScript(start: string): StartCommand {
  const words = start.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let i = 0;
  for (; i < words.length; i += 1) {
    const match = ASSIGNMENT.exec(words[i]!);
    if (!match) break;
    env[match[1]!] = match[2]!;
  }
  if (words[i] !== 'node') throw new Error(`npm start does not run node: '${start}'`);
  i += 1;
  const nodeFlags: string[] = [];
  for (; i < words.length && words[i]!.startsWith('--'); i += 1) nodeFlags.push(words[i]!);
  const script = words[i];
  if (!script || i !== words.length - 1) {
    throw new Error(`npm start is not '[VAR=value …] node [--flag …] <script>': '${start}'`);
  }
  return { env, nodeFlags, script };
}

export function startCommand(root: string): StartCommand {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts?: { start?: string };
  };
  if (!pkg.scripts?.start) throw new Error('package.json has no start script');
  const command = parseStartScript(pkg.scripts.start);
  return { ...command, script: join(root, command.script) };
}
