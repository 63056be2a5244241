import { describe, expect } from 'vitest';
import { MAX_FIELD_CHARS, fieldText } from '../../src/ui/format.js';
import { storeTest } from '../store-test.js';
import { KEY } from '../ui/harness.js';

/**
 * Item: large input. A 100 KB paste into a field is cut at MAX_FIELD_CHARS, so the keys after it
 * cost what they cost in a short field, and what is sent to the service is the cut text.
 */

const it = storeTest.override('over', 'fake');
const HUNDRED_KB = 'blade runner '.repeat(8_000);

describe('large input', () => {
  it('fieldText keeps at most MAX_FIELD_CHARS printable characters of any paste', () => {
    expect(fieldText(HUNDRED_KB)).toHaveLength(MAX_FIELD_CHARS);
    expect(fieldText(`\u001B]52;c;QUFB\u0007${'x'.repeat(10)}`)).toBe('x'.repeat(10));
    expect(fieldText('short')).toBe('short');
  });

  it('a 100 KB paste into the search field: the field keeps the cut text, keys still work, the query is cut', async ({ app, service }) => {
    const { ui } = await app.start();
    await ui.press('3', '/');
    await ui.waitFor('Enter searches');
    await ui.press(HUNDRED_KB);
    // Keys after it still edit the field: two backspaces and a letter.
    await ui.press(KEY.backspace, KEY.backspace, 'z');
    await ui.press(KEY.enter);
    await ui.waitFor(/\[(movie|tv|person)\]/);
    const search = service.fake.requests.filter((r) => r.startsWith('GET /3/search/multi')).at(-1)!;
    const query = new URL(`http://x${search.slice(search.indexOf(' ') + 1)}`).searchParams.get('query')!;
    // The cut text ends "... blade " (500 characters); two backspaces and z make it "... bladz".
    expect(query).toHaveLength(MAX_FIELD_CHARS - 1);
    expect(query.startsWith('blade runner blade runner')).toBe(true);
    expect(query.endsWith('runner bladz')).toBe(true);
  });
});
