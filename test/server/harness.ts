import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { CatalogClient } from '../../src/api/client.js';
import { ServiceError } from '../../src/api/errors.js';
import { UserStore } from '../../src/server/userdata/store.js';
import { type OperationKey, operations, STATUS_CODES } from '../../src/contract/index.js';
import { modernClient, type ModernClient } from './modern-client.js';
import { type RunningServer, type ServerOptions, startServer } from '../../src/server/index.js';

/** Small catalogs keep the suite fast; one test uses the default size. */
export const TEST_CATALOG_SIZE = 300;

/** A fixed "now" so dates and token expiry are reproducible: 2025-03-14 12:00 UTC. */
export const FIXED_NOW = Date.UTC(2025, 2, 14, 12, 0, 0);

/** A clock tests can move forward. */
export class TestClock {
  constructor(public ms: number = FIXED_NOW) {}
  readonly now = (): Date => new Date(this.ms);
  advance(ms: number): void {
    this.ms += ms;
  }
}

export function tempDir(prefix = 'marquee-server-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

export interface TestServer {
  server: RunningServer;
  dataDir: string;
  clock: TestClock;
  /** Our client, holding every answer to the modern shape (see modern-client.ts). */
  client: ModernClient;
  /** A raw HTTP request, for what the client deliberately never sends. */
  raw(method: string, path: string, init?: { headers?: Record<string, string>; body?: string | Buffer; auth?: boolean }): Promise<RawResponse>;
  /** Stops the server (keeps the data directory). */
  stop(): Promise<void>;
  /** Stops the server and removes its data directory. */
  dispose(): Promise<void>;
}

export async function startTestServer(options: Partial<ServerOptions> & { clock?: TestClock } = {}): Promise<TestServer> {
  const { clock = new TestClock(), dataDir = tempDir(), ...serverOptions } = options;
  const server = await startServer({ catalogSize: TEST_CATALOG_SIZE, now: clock.now, ...serverOptions, dataDir });
  const client = new CatalogClient({ baseUrl: server.url, token: server.token, retry: { maxRetries: 0 } });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await client.close();
    await server.close();
  };
  return {
    server,
    dataDir,
    clock,
    client: modernClient(client),
    raw: async (method, path, init = {}) => {
      const headers: Record<string, string> = { ...init.headers };
      if (init.auth !== false) headers.authorization ??= `Bearer ${server.token}`;
      const response = await request(`${server.url}${path}`, { method: method as 'GET', headers, body: init.body });
      const buffer = Buffer.from(await response.body.arrayBuffer());
      const text = buffer.toString('utf8');
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: response.statusCode, headers: response.headers, text, json };
    },
    stop,
    dispose: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The JSON body of a GET as the server wrote it (our client reads digit strings as numbers and
 * fills in nothing, but a raw body shows exactly what was sent); anything but 200 throws.
 */
export async function rawJson(t: TestServer, path: string): Promise<Record<string, unknown>> {
  const response = await t.raw('GET', path);
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${response.text}`);
  return response.json as Record<string, unknown>;
}

/** A test server with the demo account signed in once, for a file's beforeAll. */
export async function signedInTestServer(): Promise<{ t: TestServer; sessionId: string }> {
  const t = await startTestServer();
  return { t, sessionId: await signIn(t) };
}

/** Signs in the demo account through validate_with_login; returns the session id. */
export async function signIn(t: TestServer, account = t.server.demoAccount): Promise<string> {
  const { request_token } = await t.client.call('requestToken');
  await t.client.call('validateWithLogin', {
    body: { username: account.username, password: account.password, request_token },
  });
  const { session_id } = await t.client.call('createSession', { body: { request_token } });
  return session_id;
}

/** Checks a success body against the operation's response schema and returns the parsed value. */
export function expectSchema(key: OperationKey, body: unknown): void {
  const outcome = operations[key].modern.safeParse(body);
  if (!outcome.success) throw new Error(`${key}: response does not match the contract: ${outcome.error.message}`);
}

/** The repository root, for bundling sources into a script a child process can run. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Bundles a few lines of CommonJS that `require` our TypeScript sources into `outfile`, for
 * tests that need the server or a command in a process of its own (to kill it, or signal it).
 * Run it with NODE_PATH set to the repository's node_modules (better-sqlite3 stays external).
 */
export async function bundleScript(source: string, outfile: string): Promise<void> {
  await build({
    stdin: { contents: source, resolveDir: REPO_ROOT, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile,
    external: ['better-sqlite3'],
    logLevel: 'error',
  });
}

export const CHILD_NODE_PATH = join(REPO_ROOT, 'node_modules');

/**
 * Submits an approval page's form as a browser would: its action (Approve) or the Deny button's
 * formaction, with the form's hidden fields, from the page's own origin.
 */
export async function submitApprovalForm(origin: string, html: string, button: 'Approve' | 'Deny') {
  const form = /<form method="post" action="([^"]+)">/.exec(html);
  if (!form) throw new Error(`the page has no form that posts:\n${html}`);
  const deny = /<button type="submit" formaction="([^"]+)">Deny<\/button>/.exec(html);
  const action = (button === 'Approve' ? form[1]! : deny![1]!).replace(/&amp;/g, '&');
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields.append(name!, value!);
  const response = await request(`${origin}${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'sec-fetch-site': 'same-origin' },
    body: fields.toString(),
  });
  return { status: response.statusCode, headers: response.headers, html: await response.body.text() };
}

/** Opens an approval address and presses Approve (or Deny), as the person at the browser would. */
export async function answerApproval(pageUrl: string, button: 'Approve' | 'Deny' = 'Approve') {
  const page = await request(pageUrl);
  const html = await page.body.text();
  if (page.statusCode !== 200) throw new Error(`the approval page answered ${page.statusCode}`);
  return submitApprovalForm(new URL(pageUrl).origin, html, button);
}

/** A second account, added the way an operator would (straight into the user database), signed in. */
export async function signInSecondUser(t: TestServer): Promise<{ sessionId: string }> {
  const users = UserStore.open(t.dataDir);
  try {
    users.accounts.create({ username: 'second-user', password: 'second-password' }, new Date());
  } finally {
    users.close();
  }
  return { sessionId: await signIn(t, { username: 'second-user', password: 'second-password' }) };
}

/** How the service refused a call that had to be refused (it fails the test when the call succeeds). */
export async function refusal(call: Promise<unknown>): Promise<{ httpStatus: number; statusCode?: number; statusMessage: string }> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected the service to refuse the call, got ${error === undefined ? 'an answer' : String(error)}`);
  const { httpStatus, statusCode, statusMessage } = error;
  return { httpStatus, statusCode, statusMessage };
}

/** The service's own refusal for a status code: its HTTP status and message. */
export const standard = (code: keyof typeof STATUS_CODES) => ({ httpStatus: STATUS_CODES[code].http, statusCode: code, statusMessage: STATUS_CODES[code].message });
