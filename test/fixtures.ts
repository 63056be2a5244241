import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Recorded bodies of the real service live beside the repository in shared/spec/fixtures. */
export const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'spec', 'fixtures');

export function fixtureNames(): string[] {
  if (!existsSync(FIXTURE_DIR)) throw new Error(`recorded fixtures not found at ${FIXTURE_DIR}`);
  return readdirSync(FIXTURE_DIR).filter((f) => f.endsWith('.json')).sort();
}

export function readFixture(name: string): unknown {
  return JSON.parse(readFileSync(join(FIXTURE_DIR, name), 'utf8'));
}
