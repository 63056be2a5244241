import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { CatalogClient } from '../../src/api/client.js';
import type { ResponseOf } from '../../src/contract/index.js';
import { fileRatingJournal, fileSessionStorage } from '../../src/storage/index.js';
import {
  createAppStore,
  type AppStore,
  type CatalogApi,
  type ServiceTarget,
  type StoreDeps,
  type Timers,
} from '../../src/state/index.js';
import { startFakeService, type FakeService, type FakeServiceOptions } from './fake-service.js';

/** Timers that run only when the test says time has passed. */
export interface ManualTimers extends Timers {
  advance(ms: number): void;
  readonly pending: number;
}

export function manualTimers(): ManualTimers {
  let now = 0;
  let nextId = 1;
  const queue = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout(fn, ms) {
      const id = nextId++;
      queue.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout(handle) {
      queue.delete(handle as number);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...queue.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        queue.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = until;
    },
    get pending() {
      return queue.size;
    },
  };
}

export interface TestStore {
  readonly store: AppStore;
  readonly dataDir: string;
  readonly opened: string[];
  /** Every operation the store called, in order (a read the client answered from its cache too). */
  readonly calls: string[];
  readonly timers: ManualTimers;
  /** The store's own client (the last one it made), to read back what the service holds with its session. */
  client(): CatalogClient;
  cleanup(): void;
}

/**
 * What a store's call goes through before it is sent: `send` sends it as asked, and the hook may
 * fail it, hold it back, or send it later instead (a service that is down, slow, or refuses).
 */
export type CallHook = (operation: string, args: unknown, send: () => Promise<unknown>) => Promise<unknown>;

/**
 * For a test file whose tests each make a store of one fake service: the service starts once for
 * the file and closes after it, and the store a test made is cleaned up after that test. Read
 * `service` inside tests (it exists once the file's tests start).
 */
export function fakeServiceStores(options?: FakeServiceOptions): { readonly service: FakeService; makeStore: typeof makeStore } {
  let started: FakeService | undefined;
  let current: TestStore | undefined;
  beforeAll(async () => {
    started = await startFakeService(options);
  });
  afterAll(() => started?.close());
  afterEach(() => {
    current?.cleanup();
    current = undefined;
  });
  return {
    get service() {
      if (!started) throw new Error('the fake service is started before the tests of the file');
      return started;
    },
    makeStore(...args) {
      current?.cleanup();
      current = makeStore(...args);
      return current;
    },
  };
}

/** A store wired to a service at `target` (a fake or the embedded server), with its data in a temp dir. */
export function makeStore(
  target: ServiceTarget | (() => Promise<ServiceTarget>),
  overrides: Partial<StoreDeps> = {},
  through?: CallHook,
): TestStore {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-state-'));
  const opened: string[] = [];
  const calls: string[] = [];
  const timers = manualTimers();
  const clients: CatalogClient[] = [];
  let closed = false;
  const store = createAppStore({
    service: { kind: 'remote', label: '127.0.0.1' },
    connect: typeof target === 'function' ? target : async () => target,
    createClient: (t, session) => {
      // No retries: a test that provokes a 429 wants to see it, not wait it out.
      const client = new CatalogClient({ baseUrl: t.baseUrl, token: t.token ?? '', session, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
      clients.push(client);
      return {
        call: (operation, args) => {
          calls.push(operation);
          if (!through) return client.call(operation, args);
          return through(operation, args, () => client.call(operation, args)) as Promise<ResponseOf<typeof operation>>;
        },
        imageBytes: (address, signal) => {
          calls.push(`image ${address}`);
          return client.imageBytes(address, signal);
        },
        close: () => client.close(),
      };
    },
    sessions: fileSessionStorage(dataDir, 'http://127.0.0.1'),
    ratingJournal: fileRatingJournal(dataDir, 'http://127.0.0.1'),
    dataDir,
    configFile: join(dataDir, 'config.json'),
    openUrl: async (url) => {
      opened.push(url);
      return { kind: 'opened', command: 'test-opener' };
    },
    timers,
    ...overrides,
  });
  return {
    store,
    dataDir,
    opened,
    calls,
    timers,
    client() {
      const client = clients.at(-1);
      if (!client) throw new Error('the store has made no client yet: connect it first');
      return client;
    },
    cleanup() {
      // Once: a test may end a store itself (a run killed), and the fixture ends it again after the test.
      if (closed) return;
      closed = true;
      for (const client of clients) void client.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` until it passes (or the time runs out, failing with its last error). */
export async function eventually(check: () => void, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

/** A store that never connects: navigation, toasts and the terminal size need no service. */
export function offlineStore(overrides: Partial<StoreDeps> = {}) {
  const timers = manualTimers();
  const store = createAppStore({
    service: { kind: 'embedded', label: 'embedded catalog' },
    connect: () => Promise.reject(new Error('offline')),
    createClient: () => {
      throw new Error('offline');
    },
    sessions: { load: () => undefined, save: () => {} },
    configFile: '/dev/null',
    timers,
    ...overrides,
  });
  return { store, timers };
}

/**
 * A store on the service at `server` whose calls `delayOf` names (a delay in ms; undefined: sent
 * at once) are held back that long before they go out, for tests of writes that overtake each
 * other. `client()` is the store's own client, to read back what the service holds.
 */
export function storeWithDelayedCalls(
  server: { readonly url: string; readonly token: string },
  delayOf: (key: string, args: unknown) => number | undefined,
): { test: TestStore; client: () => CatalogClient } {
  let client: CatalogClient | undefined;
  const test = makeStore(
    { baseUrl: server.url, token: server.token, approvalBase: server.url },
    {
      service: { kind: 'embedded', label: 'embedded catalog' },
      createClient: (target, session) => {
        client = new CatalogClient({ baseUrl: target.baseUrl, token: target.token ?? '', session, retry: { maxRetries: 0 }, timeoutMs: 10_000 });
        const own = client;
        const api: CatalogApi = {
          async call(key, args) {
            const delay = delayOf(key, args);
            if (delay !== undefined) await new Promise((resolve) => setTimeout(resolve, delay));
            return own.call(key, args);
          },
          close: () => own.close(),
        };
        return api;
      },
    },
  );
  return { test, client: () => client! };
}
