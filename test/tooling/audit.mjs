// `npm run audit`: fails when a package the program ships has a high or critical advisory. The
// package has no runtime dependencies: what it runs is inlined in the bundle, so the packages to
// audit are the ones the bundle contains (dist/bundled-packages.json, written by the build), taken
// from the audit of the whole installed tree. When the registry's advisory service cannot be
// reached, it says so and exits 3, so "no advisories" is never claimed without an answer.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const build = spawnSync(process.execPath, [join(root, 'test', 'tooling', 'build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const bundled = new Set(JSON.parse(readFileSync(join(root, 'dist', 'bundled-packages.json'), 'utf8')));

const run = spawnSync('npm', ['audit', '--json'], { cwd: root, encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}
if (!report || report.error || !report.metadata) {
  const reason = report?.error?.summary || report?.message || 'no answer';
  console.error(`audit: the advisory service could not be reached (${reason})`);
  process.exit(3);
}
const counts = { critical: 0, high: 0, moderate: 0, low: 0 };
const serious = [];
let toolsOnly = 0;
for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
  if (!bundled.has(name)) {
    toolsOnly++;
    continue;
  }
  counts[entry.severity] = (counts[entry.severity] ?? 0) + 1;
  if (entry.severity === 'high' || entry.severity === 'critical') serious.push(`  ${entry.severity}: ${name} ${entry.range}`);
}
console.log(
  `audit: ${bundled.size} packages in the bundle: ${counts.critical} critical, ${counts.high} high, ${counts.moderate} moderate, ${counts.low} low`,
);
for (const line of serious) console.log(line);
if (toolsOnly > 0) console.log(`audit: ${toolsOnly} more in build and test tools only (not shipped; see npm audit)`);
process.exit(serious.length > 0 ? 1 : 0);
