// `npm run release-check`: packs the project, installs the tarball into a temporary prefix with
// an empty npm cache (offline), runs the installed `marquee --version`, and prints the figures the
// README quotes: tarball size, installed size and the time of `npm install -g`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { directorySize, installTarball, packProject } from './release-package.mjs';

const RUNS = 3;

const megabytes = (bytes) => `${(bytes / 1_000_000).toFixed(2)} MB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const work = mkdtempSync(join(tmpdir(), 'marquee-release-'));
try {
  const packed = await packProject(work);
  const times = [];
  let installed = 0;
  let version = '';
  for (let run = 0; run < RUNS; run++) {
    // A fresh prefix and a fresh npm cache each time, as on a machine that never saw the package.
    const home = mkdtempSync(join(work, 'install-'));
    const prefix = join(home, 'prefix');
    const { ms, bin } = await installTarball(packed.tarball, prefix, home);
    times.push(ms);
    installed = directorySize(prefix);
    version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  }
  console.log(`package:           ${packed.files.length} files, marquee ${version}`);
  console.log(`tarball:           ${megabytes(statSync(packed.tarball).size)}`);
  console.log(`installed:         ${megabytes(installed)} (no dependencies to fetch)`);
  console.log(
    `npm install -g:    ${Math.round(median(times))} ms median of ${RUNS} (${times.map((t) => Math.round(t)).join(', ')} ms), offline, empty cache`,
  );
  console.log(`Node.js ${process.version}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
