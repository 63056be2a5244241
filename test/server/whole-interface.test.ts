import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operationKeys, operations } from '../../src/contract/index.js';
// @ts-expect-error: a plain script without types
import { OPENAPI_FILE, specOperations } from '../tooling/generate-spec-operations.mjs';

/**
 * Which operations of the interface's OpenAPI description the contract's table still lacks.
 * Whoever adds an operation to the table removes it from EXPECTED_MISSING in the same change;
 * the one operation meant to stay out is the conversion of a version 4 token (it needs the
 * version 4 interface, and the server answers it with the service's error envelope).
 */
const EXPECTED_MISSING: readonly string[] = [
  'POST /3/authentication/session/convert/4',
];

/** "METHOD /path" with every parameter written `{}`: the table may name a parameter differently. */
const signature = (method: string, path: string) => `${method} ${path.replace(/\/{2,}/g, '/').replace(/\{[^}]+\}/g, '{}')}`;

/** [METHOD, path, operationId] of every operation the description holds. */
const described = (): [string, string, string][] =>
  (specOperations as (openapi: unknown) => [string, string, string][])(JSON.parse(readFileSync(OPENAPI_FILE as string, 'utf8')));

function missingFromTable(): string[] {
  const rows = described();
  const ours = new Set(operationKeys.map((key) => signature(operations[key].method, operations[key].path)));
  return rows.filter(([method, path]) => !ours.has(signature(method, path))).map(([method, path]) => `${method} ${path}`);
}

describe('the whole interface', () => {
  it('the table lacks exactly the operations listed as missing', () => {
    expect(missingFromTable()).toEqual([...EXPECTED_MISSING]);
  });

  it('every operation of the table is one of the description, but GET /3/account', () => {
    // The real service answers GET /3/account (the session's own account, how a client learns
    // its id); the description names only GET /3/account/{account_id}.
    const known = new Set(described().map(([method, path]) => signature(method, path)));
    const extra = operationKeys.filter((key) => !known.has(signature(operations[key].method, operations[key].path)));
    expect(extra).toEqual(['accountOfSession']);
  });
});
