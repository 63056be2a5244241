// `npm run audit`: fails when a runtime dependency has a high or critical advisory. When the
// registry's advisory service cannot be reached, it says so and exits 3, so "no advisories" is
// never claimed without an answer.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
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
const counts = report.metadata.vulnerabilities;
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `audit: runtime dependencies: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
);
for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
  if (entry.severity === 'high' || entry.severity === 'critical') console.log(`  ${entry.severity}: ${name} ${entry.range}`);
}
process.exit(serious > 0 ? 1 : 0);
