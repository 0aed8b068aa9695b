// `npm audit --omit=dev --audit-level=high`, with its three outcomes told apart:
//   exit 0  the advisory database answered: no high or critical finding in production dependencies
//   exit 1  it answered with high or critical findings (listed), or npm failed in another way
//   exit 3  the advisory endpoint could not be reached (offline, a mirror without the audit API):
//           nothing was checked. .ci/run reports this as "NOT RUN" and carries on, unless
//           AUDIT_REQUIRED=1, which makes it fail. It never counts as a pass.
import { spawnSync } from 'node:child_process';

const UNREACHABLE = 3;
const args = ['audit', '--omit=dev', '--audit-level=high', '--json', '--fetch-retries=1'];
const run = spawnSync('npm', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (run.error) {
  console.error(`npm audit could not start: ${run.error.message}`);
  process.exit(1);
}

let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`npm audit printed no JSON report (exit ${run.status}):\n${run.stderr.trim()}`);
  process.exit(1);
}

const counts = report.metadata?.vulnerabilities;
if (!counts) {
  // npm's JSON error object: {message, error: {summary, detail}}. Every way of not getting an
  // answer from the advisory endpoint lands here, so "no report" can never read as "no findings".
  const reason = report.message ?? report.error?.summary ?? 'no report';
  console.warn(
    `\n!! npm audit NOT RUN: the advisory endpoint did not answer (${reason}).\n` +
      '!! No dependency was checked. Run `node scripts/audit.mjs` where the npm registry is reachable.\n',
  );
  process.exit(UNREACHABLE);
}

const total = report.metadata.dependencies?.prod ?? report.metadata.dependencies?.total ?? '?';
const severities = ['critical', 'high', 'moderate', 'low', 'info'];
console.log(
  `npm audit (production dependencies: ${total}): ${severities.map((s) => `${counts[s] ?? 0} ${s}`).join(', ')}`,
);
const serious = Object.values(report.vulnerabilities ?? {}).filter((v) =>
  ['high', 'critical'].includes(v.severity),
);
for (const v of serious) {
  const via = v.via
    .map((item) => (typeof item === 'string' ? item : `${item.title} ${item.url ?? ''}`.trim()))
    .join('; ');
  const fix = v.fixAvailable ? 'fix available' : 'no fix yet';
  console.log(`  ${v.severity.padEnd(8)} ${v.name} ${v.range}: ${via} (${fix})`);
}
process.exit(serious.length > 0 ? 1 : 0);
