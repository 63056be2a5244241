import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * No import cycles in src/, type-only imports included: a cycle makes the order modules load in
 * matter, and a type-only one still ties two modules so neither can move without the other.
 * madge's TypeScript reader counts `import type` unless told to skip it, and `import()` too.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const MADGE = fileURLToPath(import.meta.resolve('madge/bin/cli.js'));

/** The cycles madge finds under `dir`, each as the files in it. */
async function cyclesIn(dir: string, tsConfig: string): Promise<string[][]> {
  const args = [MADGE, '--circular', '--json', '--no-spinner', '--extensions', 'ts,tsx', '--ts-config', tsConfig, dir];
  // madge exits 1 when it finds a cycle; its JSON on stdout says which either way.
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stdout?: string; code?: number }) => {
      if (error.code === 1 && error.stdout) return { stdout: error.stdout };
      throw error;
    },
  );
  return JSON.parse(stdout) as string[][];
}

const scratch = mkdtempSync(join(tmpdir(), 'marquee-cycles-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('import cycles', () => {
  it('finds a cycle made only of type imports (the check sees what it must)', async () => {
    writeFileSync(join(scratch, 'a.ts'), "import type { B } from './b.js';\nexport interface A { b?: B }\n");
    writeFileSync(join(scratch, 'b.ts'), "import type { A } from './a.js';\nexport interface B { a?: A }\n");
    writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }));
    expect(await cyclesIn(scratch, join(scratch, 'tsconfig.json'))).toEqual([['a.ts', 'b.ts']]);
  });

  it('src/ has none', async () => {
    expect(await cyclesIn('src', 'tsconfig.json')).toEqual([]);
  });
});
