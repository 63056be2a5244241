import { Text } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { Loadable } from '../../../src/ui/components/Loadable.js';
import { renderComponent, type Rendered } from '../harness.js';
import { fakeQueryLayer } from './fake-queries.js';

let ui: Rendered | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

const failed = (httpStatus: number) => ({ message: `Refused (HTTP ${httpStatus})`, kind: 'service' as const, transient: false, httpStatus });

describe('a panel whose load failed', () => {
  it('says what to change, not to press r, when the service refused what was asked (422); r still retries a 429', async () => {
    const { store } = fakeQueryLayer();
    let retries = 0;
    ui = await renderComponent(store, <Loadable status="error" error={failed(422)} hasValue={false} what="films" onRetry={() => retries++}><Text>rows</Text></Loadable>);
    let frame = await ui.waitFor('Could not load films.');
    expect(frame).toContain('change it');
    expect(frame).not.toContain('Press r');
    await ui.press('r');
    expect(retries).toBe(0);
    ui.unmount();
    ui = await renderComponent(store, <Loadable status="error" error={failed(429)} hasValue={false} what="films" onRetry={() => retries++}><Text>rows</Text></Loadable>);
    frame = await ui.waitFor('Press r to try again.');
    await ui.press('r');
    expect(retries).toBe(1);
  });
});
