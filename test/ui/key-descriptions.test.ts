import { afterEach, describe, expect, it } from 'vitest';
import { rebindKeymap } from '../../src/ui/key-bindings.js';
import { bindingsFor, currentKeymap, KEYMAP, setKeymap } from '../../src/ui/keymap.js';

afterEach(() => setKeymap());

/** A key name as hints write it (keymap.ts HINT_NAMES), or a key used as a word in "(x is …)". */
const KEY_IN_PROSE = /\b(Enter|Esc|Tab|Backspace|Del|Home|End|PgDn|PgUp)\b|[←↑→↓]|(^|[\s(])\S (is|then|too)\b/;

const descriptionOf = (command: string) => bindingsFor(command)[0]?.description;

describe('the keymap’s descriptions name keys from the table', () => {
  it('no description writes a key by hand: another key is {command} or {command:arg}', () => {
    const byHand = KEYMAP.filter((binding) => KEY_IN_PROSE.test(binding.description.replace(/\{[^}]*\}/g, 'KEY'))).map((binding) => binding.command);
    expect(byHand).toEqual([]);
    // The pattern sees a key written by hand (were it blind, this would pass on nothing).
    expect(['Open it (Enter too)', 'rate it (0 is 10)', '(7 then . is 7.5)'].map((text) => KEY_IN_PROSE.test(text))).toEqual([true, true, true]);
  });

  it('every key a description names is bound, and the keymap in use writes it as hints do', () => {
    expect(currentKeymap().filter((binding) => binding.description.includes('{')).map((binding) => binding.command)).toEqual([]);
    expect(descriptionOf('address.open')).toBe('Open the highlighted address in the browser (Enter too)');
    expect(descriptionOf('rating.quickRate')).toBe('Rating mode: rate the highlighted episode (0 is 10) and move to the next');
    expect(descriptionOf('rating.quickHalf')).toBe('Rating mode: add half a point to the rating just given (7 then . is 7.5)');
    expect(descriptionOf('filter.keep')).toContain('(Esc again clears it)');
  });

  it('a rebound key is the one the descriptions name', () => {
    const { keymap, problems } = rebindKeymap(KEYMAP, { 'list.open': 'ctrl+o', 'rating.quickRate': { '10': 'z' }, 'rating.quickHalf': ',' });
    expect(problems).toEqual([]);
    setKeymap(keymap);
    expect(descriptionOf('address.open')).toBe('Open the highlighted address in the browser (Ctrl-O too)');
    expect(descriptionOf('movie.reviews')).toBe("Users' reviews of the movie (Ctrl-O reads one whole)");
    expect(descriptionOf('rating.quickRate')).toBe('Rating mode: rate the highlighted episode (z is 10) and move to the next');
    expect(descriptionOf('rating.quickHalf')).toBe('Rating mode: add half a point to the rating just given (7 then , is 7.5)');
  });
});
