import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient } from '../../src/api/index.js';
import { DEMO_ACCOUNT_FILE, TOKEN_FILE } from '../../src/server/index.js';
import { childEnv, ensureBundle, runBundle, startServeProcess } from './bundle.js';

/**
 * Item: two processes starting on a fresh data dir both succeed. The schema, the access token
 * and the demo account are created once, whoever comes first; the other uses them.
 */

let home: string;
beforeAll(async () => {
  await ensureBundle();
  home = mkdtempSync(join(tmpdir(), 'marquee-fresh-'));
}, 180_000);
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('a fresh data dir, two processes at once', () => {
  it('two marquee serve: both listen, with the one token and the one demo password', async () => {
    for (let round = 0; round < 2; round++) {
      const dataDir = join(home, `serve-${round}`);
      const env = childEnv({ XDG_CONFIG_HOME: join(home, 'config') });
      const args = ['--data-dir', dataDir, '--catalog-size', '100'];
      const servers = await Promise.all([startServeProcess(args, env), startServeProcess(args, env)]);
      try {
        const token = readFileSync(join(dataDir, TOKEN_FILE), 'utf8').trim();
        const demo = JSON.parse(readFileSync(join(dataDir, DEMO_ACCOUNT_FILE), 'utf8')) as { username: string; password: string };
        for (const server of servers) {
          const client = new CatalogClient({ baseUrl: server.url, token, retry: { maxRetries: 0 } });
          const { request_token } = await client.call('requestToken');
          await client.call('validateWithLogin', { body: { ...demo, request_token } });
          await client.close();
        }
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    }
  }, 90_000);

  it('two marquee api on the embedded catalog: both answer', async () => {
    const env = childEnv({ XDG_CONFIG_HOME: join(home, 'config'), MARQUEE_DATA_DIR: join(home, 'api-data') });
    const runs = await Promise.all([runBundle(['api', '/3/movie/popular'], env, 60_000), runBundle(['api', '/3/tv/popular'], env, 60_000)]);
    for (const run of runs) {
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toHaveProperty('results');
    }
  }, 90_000);
});
