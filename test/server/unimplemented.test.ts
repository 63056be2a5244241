import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPath } from '../../src/contract/index.js';
import { SPEC_OPERATIONS } from '../../src/server/routes/spec-operations.js';
import { unimplementedOperation } from '../../src/server/routes/unimplemented.js';
// @ts-expect-error: a plain script without types
import { OPENAPI_FILE, TABLE_FILE, expectedTable } from '../spec/spec-operations.mjs';
import { type TestServer, startTestServer } from './harness.js';

let t: TestServer;
const lines: string[] = [];
beforeAll(async () => {
  t = await startTestServer({ onUnimplemented: (line) => lines.push(line) });
});
afterAll(() => t.dispose());

describe('operations of the real interface this server does not implement', () => {
  it('the committed table is the OpenAPI description as it is now', () => {
    expect(readFileSync(TABLE_FILE as string, 'utf8'), `stale: run node test/spec/spec-operations.mjs (reads ${OPENAPI_FILE as string})`).toBe(
      (expectedTable as () => string)(),
    );
  });

  it('answer 404 status_code 34 and name the operation in one line', async () => {
    lines.length = 0;
    const response = await t.raw('GET', '/3/search/keyword?api_key=secret-ish&query=heist&page=2');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ success: false, status_code: 34, status_message: 'The resource you requested could not be found.' });
    expect(lines).toEqual(['not implemented: GET /3/search/keyword (search-keyword)']);
  });

  it('a literal segment beats a parameter; HEAD names the GET', async () => {
    lines.length = 0;
    expect((await t.raw('GET', '/3/search/company/')).status).toBe(404);
    expect((await t.raw('HEAD', '/3/search/keyword')).status).toBe(404);
    expect(lines).toEqual([
      'not implemented: GET /3/search/company (search-company)',
      'not implemented: GET /3/search/keyword (search-keyword)',
    ]);
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
