// Packs the project as `npm publish` would and installs the tarball the way a user does, for the
// release check (test/release/) and `npm run release-check`. The pack runs in a copy of the
// sources, so its `prepack` build never rewrites the dist/ that other tests are running.
import { execFile } from 'node:child_process';
import { cpSync, lstatSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What the copy leaves out: installed and built things, and what git keeps for itself. */
const NOT_COPIED = new Set(['node_modules', 'dist', '.git', '.bench']);

/**
 * npm run by the Node that runs this (under `npm test`, npm_execpath is npm's own script), with
 * its settings kept inside `home`: an empty user config, its own cache, no update check.
 */
export function runNpm(args, { cwd, home, timeoutMs = 120_000 }) {
  const npmScript = process.env.npm_execpath;
  const [command, argv] =
    npmScript && /npm-cli\.[cm]?js$/.test(npmScript) ? [process.execPath, [npmScript, ...args]] : ['npm', args];
  const userconfig = join(home, 'npmrc');
  writeFileSync(userconfig, '');
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.toLowerCase().startsWith('npm_config_')) delete env[key];
  Object.assign(env, {
    npm_config_userconfig: userconfig,
    npm_config_cache: join(home, 'npm-cache'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    // The Node that runs npm first on PATH, so `prepack` builds with it.
    PATH: `${dirname(process.execPath)}:${env.PATH ?? ''}`,
  });
  return new Promise((resolve, reject) => {
    execFile(command, argv, { cwd, env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`npm ${args.join(' ')} failed: ${error.message}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

/** Copies the project into `work`/source (node_modules linked, not copied) and packs it there. */
export async function packProject(work) {
  const source = join(work, 'source');
  cpSync(ROOT, source, {
    recursive: true,
    filter: (path) => relative(ROOT, path) === '' || !NOT_COPIED.has(relative(ROOT, path).split(/[\\/]/)[0]),
  });
  symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules'), 'dir');
  const out = join(work, 'tarball');
  mkdirSync(out);
  const { stdout } = await runNpm(['pack', '--json', '--pack-destination', out], { cwd: source, home: work });
  // npm prints the prepack build's output first; the JSON report is the last thing.
  const report = JSON.parse(stdout.slice(stdout.lastIndexOf('\n[') + 1))[0];
  return { tarball: join(out, basename(report.filename)), files: report.files.map((f) => f.path), size: report.size };
}

/**
 * `npm install -g` of the tarball into `prefix`, offline with an empty cache of its own: the
 * package has no runtime dependencies, so nothing may need the network. Returns the install's
 * wall time (ms) and where the `marquee` command is.
 */
export async function installTarball(tarball, prefix, home) {
  const started = performance.now();
  await runNpm(['install', '--global', '--offline', '--prefix', prefix, tarball], { cwd: home, home });
  return { ms: performance.now() - started, bin: join(prefix, 'bin', 'marquee') };
}

/** Bytes of every file under `dir` (what the install takes on disk, before block rounding). */
export function directorySize(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) total += directorySize(full);
    else if (entry.isFile()) total += lstatSync(full).size;
  }
  return total;
}
