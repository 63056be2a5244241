import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { CatalogClient } from '../../src/api/index.js';
import { runApiCommand } from '../../src/commands/api.js';
import { runServeCommand } from '../../src/commands/serve.js';
import { FaultSpecError, parseFaultSpec } from '../../src/server/faults.js';
import { type TestServer, startTestServer } from './harness.js';

/** `marquee serve --faults SPEC`: the grammar, each fault seen from raw requests and from our client. */

const servers: TestServer[] = [];
afterEach(async () => {
  for (const t of servers.splice(0)) await t.dispose();
});

async function serving(spec: string, seed = 7): Promise<TestServer> {
  const t = await startTestServer({ faults: parseFaultSpec(spec), seed });
  servers.push(t);
  return t;
}

describe('the fault spec', () => {
  it('reads every rule, scoped or not', () => {
    expect(parseFaultSpec('rate-limit, rate-limit=10/s; 429=20%, 500=5%, 502=1.5%, 503=100%, reset=2%, latency=200ms, rateMovie:latency=50..400ms')).toEqual([
      { scope: '*', kind: 'rate-limit', perSecond: 40 },
      { scope: '*', kind: 'rate-limit', perSecond: 10 },
      { scope: '*', kind: 'status', status: 429, share: 0.2 },
      { scope: '*', kind: 'status', status: 500, share: 0.05 },
      { scope: '*', kind: 'status', status: 502, share: 0.015 },
      { scope: '*', kind: 'status', status: 503, share: 1 },
      { scope: '*', kind: 'reset', share: 0.02 },
      { scope: '*', kind: 'latency', minMs: 200, maxMs: 200 },
      { scope: 'rateMovie', kind: 'latency', minMs: 50, maxMs: 400 },
    ]);
  });

  it('names the rule that is wrong and says what it expected', () => {
    const cases: Array<[string, RegExp]> = [
      ['', /empty/],
      ['503=ten', /"503=ten": the share must be a percentage/],
      ['503=120%', /percentage from 0% to 100%/],
      ['404=5%', /unknown fault 404/],
      ['rate-limit=fast', /requests a second, such as rate-limit=10/],
      ['latency=slow', /a latency is milliseconds/],
      ['latency=400..50ms', /from low to high/],
      ['movieDetail:503=5%', /movieDetail is not the name of an operation/],
      ['reset', /expected NAME=VALUE/],
    ];
    for (const [spec, message] of cases) {
      expect(() => parseFaultSpec(spec), spec).toThrow(FaultSpecError);
      expect(() => parseFaultSpec(spec), spec).toThrow(message);
    }
  });
});

describe('faults seen from raw requests', () => {
  async function statuses(t: TestServer, count: number, path = '/3/movie/1'): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < count; i++) out.push((await t.raw('GET', path)).status);
    return out;
  }

  it('answers a share of requests 503 with the service envelope, the same requests for the same seed', async () => {
    const first = await statuses(await serving('503=50%', 11), 40);
    const again = await statuses(await serving('503=50%', 11), 40);
    const other = await statuses(await serving('503=50%', 12), 40);
    expect(first).toEqual(again);
    expect(first).not.toEqual(other);
    expect(first.filter((s) => s === 503).length).toBeGreaterThan(5);
    expect(first.filter((s) => s === 200).length).toBeGreaterThan(5);
    const t = await serving('503=100%');
    expect((await t.raw('GET', '/3/movie/1')).json).toEqual({ success: false, status_code: 9, status_message: expect.stringContaining('Service offline') });
  });

  it('gives 429 with Retry-After and status_code 25 for a share, 500 and 502 with theirs', async () => {
    const t = await serving('429=100%');
    const limited = await t.raw('GET', '/3/movie/1');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    expect(limited.json).toMatchObject({ status_code: 25 });
    expect((await (await serving('500=100%')).raw('GET', '/3/movie/1')).json).toMatchObject({ status_code: 11 });
    expect((await (await serving('502=100%')).raw('GET', '/3/movie/1')).status).toBe(502);
  });

  it('limits the rate: above N requests a second, 429 with Retry-After', async () => {
    const t = await serving('rate-limit=5/s');
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.raw('GET', '/3/configuration')));
    const limited = answers.filter((a) => a.status === 429);
    // 20 at once over at most two wall-clock seconds: at least 10 are over a limit of 5.
    expect(limited.length).toBeGreaterThanOrEqual(10);
    for (const answer of limited) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(answer.json).toMatchObject({ status_code: 25, status_message: 'Your request count (#) is over the allowed limit of (5).' });
    }
  });

  it('scopes a rule to one operation', async () => {
    const t = await serving('movieDetails:503=100%');
    expect((await t.raw('GET', '/3/movie/1')).status).toBe(503);
    expect((await t.raw('GET', '/3/tv/1')).status).toBe(200);
  });

  it('cuts the connection half-way through the body', async () => {
    const t = await serving('reset=100%');
    const response = await request(`${t.server.url}/3/movie/1`, { headers: { authorization: `Bearer ${t.server.token}` } });
    expect(response.statusCode).toBe(200);
    await expect(response.body.text()).rejects.toThrow();
  });

  it('still answers correctly with added latency', async () => {
    const t = await serving('latency=1..20ms');
    const answer = await t.raw('GET', '/3/movie/1');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ id: 1 });
  });
});

describe('faults seen from our client', () => {
  it('retries 429 and 503 on reads until the answer comes', async () => {
    const t = await serving('429=40%, 503=30%', 5);
    const client = new CatalogClient({ baseUrl: t.server.url, token: t.server.token, retry: { maxRetries: 8, baseDelayMs: 1, maxDelayMs: 5 } });
    try {
      for (let id = 1; id <= 10; id++) expect((await client.call('movieDetails', { path: { movie_id: id } })).id).toBe(id);
    } finally {
      await client.close();
    }
  });

  it('marquee api against a 429 storm ends in one clear line and exit code 1', async () => {
    const t = await serving('429=100%');
    const home = mkdtempSync(join(tmpdir(), 'marquee-faults-'));
    let stdout = '';
    let stderr = '';
    try {
      const code = await runApiCommand(['/3/movie/1'], {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: (text: string) => (stderr += text) },
        env: { MARQUEE_TOKEN: t.server.token, MARQUEE_BASE_URL: t.server.url, XDG_CONFIG_HOME: join(home, 'config'), MARQUEE_DATA_DIR: join(home, 'data') },
      } as Parameters<typeof runApiCommand>[1]);
      expect(code).toBe(1);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^marquee api: [^\n]*429[^\n]*\n$/);
    expect(stderr).toContain('over the allowed limit');
    expect(stderr).not.toContain(t.server.token);
  }, 30_000);
});

describe('marquee serve --faults', () => {
  it('refuses a wrong spec from the flag or the config file with the rule named, exit code 2', async () => {
    const home = mkdtempSync(join(tmpdir(), 'marquee-faults-serve-'));
    try {
      const env = { XDG_CONFIG_HOME: join(home, 'config'), MARQUEE_DATA_DIR: join(home, 'data') };
      let stderr = '';
      const io = { stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) }, env };
      expect(await runServeCommand(['--faults', '503=ten'], io)).toBe(2);
      expect(stderr).toContain('marquee serve: --faults: "503=ten": the share must be a percentage');
      const { mkdirSync, writeFileSync } = await import('node:fs');
      mkdirSync(join(home, 'config', 'marquee'), { recursive: true });
      writeFileSync(join(home, 'config', 'marquee', 'config.yaml'), 'faults: "latency=fast"\n', { mode: 0o600 });
      stderr = '';
      expect(await runServeCommand([], io)).toBe(2);
      expect(stderr).toContain('marquee serve: faults in the config file: "latency=fast": a latency is milliseconds');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
