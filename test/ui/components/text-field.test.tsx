import { Box, Text } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from '../../../src/ui/components/TextField.js';
import { renderComponent, type Rendered } from '../harness.js';
import { fakeQueryLayer } from './fake-queries.js';

/** The shared text field keeps to one line of the room it has: every field of the app is one of these. */

let ui: Rendered | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

const LONG = 'orchard wolfpack salt '.repeat(30).slice(0, 500);

function Field({ focused, initial }: { focused: boolean; initial: string }) {
  const [value, setValue] = useState(initial);
  return <TextField label="Find a movie:" value={value} onChange={setValue} focused={focused} />;
}

describe('a text field', () => {
  it('in a box narrower than its width: the label whole, the text scrolled so its end (the cursor) shows, one line', async () => {
    const { store } = fakeQueryLayer({});
    ui = await renderComponent(
      store,
      <Box flexDirection="column" width={40}>
        <Field focused initial={LONG} />
        <Text>under the field</Text>
      </Box>,
      { columns: 80 },
    );
    const [line, next] = ui.frame().split('\n');
    expect(line).toMatch(/^› Find a movie: …/);
    expect(line!.length).toBeLessThanOrEqual(40);
    // The end of the text is in view (the cursor is after it).
    expect(line).toContain(LONG.trimEnd().slice(-12));
    expect(next).toBe('under the field');
  });

  it('unfocused in a row beside other text: the start of the text with …, the text beside it on the same line', async () => {
    const { store } = fakeQueryLayer({});
    ui = await renderComponent(
      store,
      <Box width={70}>
        <Field focused={false} initial={LONG} />
        <Text> 3 of 19</Text>
      </Box>,
      { columns: 80 },
    );
    const lines = ui.frame().split('\n');
    expect(lines[0]).toMatch(/^ {2}Find a movie: orchard wolfpack salt .*… 3 of 19$/);
    expect(lines.filter((line) => line.includes('orchard'))).toHaveLength(1);
  });
});
