// Runs npm scripts in lanes side by side: the scripts of a lane one after another, the lanes at
// once. Usage: node scripts/test-lanes.mjs test:api:sqlite,test:api:postgres test:e2e
//
// The API suites spend much of their time waiting on their databases and the browser suite on
// Chromium and its server, so on a 2-core machine two lanes finish well before one would. Each
// script's output goes to test-results/lanes/<script>.log as it runs and is printed whole when
// the script ends, so the two lanes' lines never interleave. A failing script stops the rest of
// its lane; the other lanes run on, so one run reports every suite. Exits 1 if any failed.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const lanes = process.argv.slice(2).map((lane) => lane.split(',').filter(Boolean));
if (lanes.length === 0 || lanes.some((lane) => lane.length === 0)) {
  console.error('usage: node scripts/test-lanes.mjs script[,script…] [script[,script…] …]');
  process.exit(2);
}
const dir = join('test-results', 'lanes');
mkdirSync(dir, { recursive: true });
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)}s`;

function runScript(script) {
  const log = join(dir, `${script.replaceAll(':', '-')}.log`);
  const out = createWriteStream(log);
  const since = Date.now();
  console.log(`[lanes] ${script}: started (${seconds(started)} into the run)`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code, signal) => {
      out.end(() => {
        const ok = code === 0;
        process.stdout.write(`\n${'='.repeat(20)} ${script} ${'='.repeat(20)}\n`);
        process.stdout.write(readFileSync(log, 'utf8'));
        console.log(
          `[lanes] ${script}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(since)}`,
        );
        resolve(ok);
      });
    });
  });
}

async function runLane(scripts) {
  for (const script of scripts) {
    if (!(await runScript(script))) return false;
  }
  return true;
}

const results = await Promise.all(lanes.map(runLane));
console.log(`[lanes] all lanes done in ${seconds(started)}`);
process.exit(results.every(Boolean) ? 0 : 1);
