import { act } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startFakeService, type FakeService } from '../state/fake-service.js';
import { makeStore, type TestStore } from '../state/support.js';
import { renderApp, type Rendered } from './harness.js';

type StoreTarget = Parameters<typeof makeStore>[0];
type RenderOptions = Parameters<typeof renderApp>[1];

/**
 * Component tests on the fake service of recorded answers: one service for the test file, and
 * a fresh store and rendered app for each test, unmounted after it.
 */
export function fakeServiceAppSuite() {
  let service: FakeService | undefined;
  let current: { store: TestStore; ui: Rendered } | undefined;

  beforeAll(async () => {
    service = await startFakeService();
  });
  afterAll(() => service?.close());
  afterEach(() => {
    current?.ui.unmount();
    current?.store.cleanup();
    current = undefined;
  });

  const running = (): FakeService => {
    if (!service) throw new Error('the fake service starts in beforeAll');
    return service;
  };

  /** The app on `target` (the fake service with its token by default), after connecting. */
  async function render(options: { token?: string; target?: StoreTarget; render?: RenderOptions } = {}) {
    const { url, token } = running();
    const target = options.target ?? { baseUrl: url, token: 'token' in options ? options.token : token, approvalBase: url };
    const store = makeStore(target);
    const ui = await renderApp(store.store, options.render);
    current = { store, ui };
    await act(() => store.store.getState().connection.start());
    return { ui, store };
  }

  return { service: running, render };
}
