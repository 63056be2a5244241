import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each thing in a folder whose name says what it is (src/README.md, test/README.md): src/'s root
 * holds the entry and the two small modules it needs before any layer loads, every other module a
 * layer's folder; the scripts npm runs (the build, the release check, the audit, the bench) are
 * tools, not tests, and live in test/tooling/ or test/bench/, not loose among the tests.
 */

const ROOT = join(import.meta.dirname, '..', '..');

/** The `node <script>` paths of package.json's scripts (the built program aside), and the files knip starts from under test/. */
function scriptsNpmRuns(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; knip: { entry: string[] } };
  const run = Object.values(pkg.scripts)
    .flatMap((line) => [...line.matchAll(/\bnode (\S+\.m?js)\b/g)].map((match) => match[1]!))
    .filter((script) => !script.startsWith('dist/'));
  return [...run, ...pkg.knip.entry.filter((entry) => entry.startsWith('test/'))];
}

describe('folders', () => {
  it("src/'s root holds the entry, its two early modules and the map; every other module is in a layer's folder", () => {
    const files = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
    expect(files).toEqual(['README.md', 'cli.tsx', 'node-support.ts', 'version.ts']);
  });

  it('the scripts npm runs and the bundle entries knip reads are in test/tooling/ or test/bench/, and are there', () => {
    const scripts = scriptsNpmRuns();
    // The build, the bench, the release check and the audit (were the scripts not read, this would pass on nothing).
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    expect(scripts.filter((script) => !/^test\/(tooling|bench)\//.test(script))).toEqual([]);
    expect(scripts.filter((script) => !script.includes('*') && !existsSync(join(ROOT, script)))).toEqual([]);
  });
});
