import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPath } from '../../src/contract/index.js';
import { SPEC_OPERATIONS } from '../../src/server/routes/spec-operations.js';
import { specOperationFor, unimplementedLine, unimplementedOperation } from '../../src/server/routes/unimplemented.js';
// @ts-expect-error: a plain script without types
import { OPENAPI_FILE, TABLE_FILE, expectedTable } from '../tooling/generate-spec-operations.mjs';
import { type TestServer, startTestServer } from './harness.js';

let t: TestServer;
const lines: string[] = [];
beforeAll(async () => {
  t = await startTestServer({ onUnimplemented: (line) => lines.push(line) });
});
afterAll(() => t.dispose());

describe('operations of the real interface this server does not implement', () => {
  it('the committed table is the OpenAPI description as it is now', () => {
    expect(readFileSync(TABLE_FILE as string, 'utf8'), `stale: run node test/tooling/generate-spec-operations.mjs (reads ${OPENAPI_FILE as string})`).toBe(
      (expectedTable as () => string)(),
    );
  });

  it('every operation of the description is answered: none is logged as missing', async () => {
    lines.length = 0;
    expect((await t.raw('GET', '/3/search/keyword?query=heist')).status).toBe(200);
    expect((await t.raw('HEAD', '/3/search/company?query=pictures')).status).toBe(200);
    // The one operation the table leaves out has its own answer (see version-4-only.ts).
    expect((await t.raw('POST', '/3/authentication/session/convert/4', { body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(401);
    expect(lines).toEqual([]);
  });

  it('names an operation of the description by its template: a literal segment beats a parameter; HEAD names the GET', () => {
    // When a newer description adds operations, a request for one is answered 404 and logged with this line.
    expect(unimplementedLine(specOperationFor('HEAD', '/3/review/abc')!)).toBe('not implemented: GET /3/review/{review_id} (review-details)');
    expect(specOperationFor('GET', '/3/movie/latest/')).toMatchObject({ path: '/3/movie/latest' });
    expect(specOperationFor('GET', '/3/tv/airing_today')).toMatchObject({ path: '/3/tv/airing_today', operationId: 'tv-series-airing-today-list' });
    expect(specOperationFor('GET', '/3/no/such/thing')).toBeUndefined();
  });

  it('an address of no operation, or one of ours asked with another method, is as before', async () => {
    lines.length = 0;
    expect((await t.raw('GET', '/3/no/such/thing')).json).toMatchObject({ status_code: 34 });
    expect((await t.raw('PUT', '/3/movie/550')).json).toMatchObject({ status_code: 42 });
    // A title that is not there, of an operation we have, is not a missing operation.
    expect((await t.raw('GET', '/3/movie/99999999')).json).toMatchObject({ status_code: 34 });
    expect(lines).toEqual([]);
  });

  it('every operation the table knows and this server lacks is named, none that it has', async () => {
    for (const [method, path, operationId] of SPEC_OPERATIONS) {
      const concrete = path.replace(/\{[^}]+\}/g, '1');
      const ours = matchPath(concrete, method as 'GET').some((m) => m.spec.path.replace(/\/{2,}/g, '/') === path);
      if (ours) expect(unimplementedOperation(method, concrete), `${method} ${path}`).toBeUndefined();
      else expect(unimplementedOperation(method, concrete), `${method} ${path}`).toMatchObject({ method, path, operationId });
    }
  });
});
