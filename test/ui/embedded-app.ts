import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startServer, type FaultRule, type RunningServer } from '../../src/server/index.js';
import type { StoreDeps } from '../../src/state/index.js';
import { makeStore, type TestStore } from '../state/support.js';
import type { CommandRegistry } from '../../src/ui/commands.js';
import type { Theme } from '../../src/ui/theme.js';
import { renderApp, type Rendered } from './harness.js';

/**
 * Component tests on the embedded server's catalog: one server (300 titles) for the test file,
 * and a fresh store and rendered app for each test, unmounted after it. `faults`: the server's
 * faults on demand (parseFaultSpec), for failure paths.
 */
export function embeddedAppSuite(name: string, { faults }: { faults?: readonly FaultRule[] } = {}) {
  let server: RunningServer | undefined;
  let serverDir = '';
  let current: { store: TestStore; ui: Rendered } | undefined;

  beforeAll(async () => {
    serverDir = mkdtempSync(join(tmpdir(), `marquee-${name}-`));
    server = await startServer({ dataDir: serverDir, catalogSize: 300, faults });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(serverDir, { recursive: true, force: true });
  });
  afterEach(() => {
    current?.ui.unmount();
    current?.store.cleanup();
    current = undefined;
  });

  const running = (): RunningServer => {
    if (!server) throw new Error('the embedded server starts in beforeAll');
    return server;
  };

  /** The app, connected and showing its first rows; signed in as the demo account when asked. */
  async function start({ signedIn = false, deps = {}, mouse = false, registry, theme, columns = 100, rows = 30 }: { signedIn?: boolean; deps?: Partial<StoreDeps>; mouse?: boolean; registry?: CommandRegistry; theme?: Theme; columns?: number; rows?: number } = {}) {
    const { url, token, demoAccount } = running();
    const store = makeStore({ baseUrl: url, token, approvalBase: url }, deps);
    const ui = await renderApp(store.store, { columns, rows, mouse, registry, theme });
    current = { store, ui };
    await act(() => store.store.getState().connection.start());
    await ui.waitFor(/1\/[\d,]+/);
    if (signedIn) {
      const { username, password } = demoAccount;
      expect(await act(() => store.store.getState().session.signInWithPassword(username, password))).toBe(true);
    }
    return { ui, store: store.store, opened: store.opened, calls: store.calls };
  }

  /** A GET on the server, as a second opinion on what the screen shows (inside act: the screen may change meanwhile). */
  async function get<T>(path: string): Promise<T> {
    const { url, token } = running();
    return act(async () => {
      const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      return (await response.json()) as T;
    });
  }

  return { server: running, start, get };
}
