import { act } from 'react';
import { describe, expect } from 'vitest';
import type { AppStore } from '../../src/state/index.js';
import { topEntry } from '../../src/state/index.js';
import { CommandRegistry } from '../../src/ui/commands.js';
import { footerItems, footerWordOf } from '../../src/ui/components/Footer.js';
import { helpLines } from '../../src/ui/components/HelpOverlay.js';
import { commandEntries, ownCommandsFirst, placeEntries, type PaletteEntry } from '../../src/ui/components/palette-entries.js';
import { bindingsFor, type CommandId } from '../../src/ui/keymap.js';
import { screenTitle } from '../../src/ui/routes.js';
import { storeTest as it } from '../store-test.js';
import { everyRouteScreen, openListOfMine, settle } from './every-route.js';
import { KEY, type Rendered } from './harness.js';

/**
 * Help, the footer and the palette name a key with the same words: on every screen, each key the
 * footer shows says its keymap row's footer word (or another word of that row) and is a key help
 * lists there, and each palette entry that shows a key says that row's description.
 */

function footerProblems(registry: CommandRegistry, store: AppStore, width: number): string[] {
  const problems: string[] = [];
  const state = store.getState();
  const footer = footerItems(registry, { atRoot: state.nav.stacks[state.nav.tab].length === 1, ready: true, width });
  const helped = new Set(helpLines(registry, 'x').flatMap((line) => (line.kind === 'binding' ? [line.binding.command] : [])));
  const layer = registry.topLayer();
  for (const binding of footer) {
    const row = bindingsFor(binding.command)[0];
    const word = footerWordOf(registry, binding);
    const words = [row?.footer, ...(row?.footerAlso ?? [])];
    if (!words.includes(word)) problems.push(`the footer says "${word}" for ${binding.command}, its keymap row ${words.filter(Boolean).map((w) => `"${w}"`).join(' or ') || 'no word'}`);
    if ((layer === 'screen' || layer === 'global') && !helped.has(binding.command)) problems.push(`the footer names ${binding.command}, help does not`);
  }
  return problems;
}

/** The palette's entries as the palette builds them (its places and commands), those with keys. */
function paletteProblems(registry: CommandRegistry): string[] {
  const screen = registry.available('screen');
  const entries: PaletteEntry[] = [
    ...commandEntries(ownCommandsFirst(screen), (command) => registry.whyUnavailable('screen', command)),
    ...placeEntries((command) => screen.some((b) => b.command === command) && registry.whyUnavailable('screen', command) === undefined),
    ...commandEntries(registry.available('global'), (command) => registry.whyUnavailable('global', command)),
  ];
  const problems: string[] = [];
  for (const entry of entries) {
    if (entry.keys === '') continue;
    const command: CommandId | undefined =
      entry.action.kind === 'command' ? entry.action.command : entry.action.kind === 'stats' ? 'lists.stats' : entry.action.kind === 'marked' ? 'lists.marked' : undefined;
    if (command === undefined) continue;
    const description = bindingsFor(command)[0]?.description ?? '';
    if (entry.name !== description && !entry.detail.startsWith(description)) problems.push(`the palette shows ${entry.keys} as "${entry.name}  ${entry.detail}", help as "${description}"`);
  }
  return problems;
}

function footerLine(frame: string): string {
  return frame.trimEnd().split('\n').at(-1) ?? '';
}

describe('the words of a key', () => {
  it('are the keymap row help shows, in the footer and the palette, on every screen', { timeout: 300_000 }, async ({ app, service }) => {
    const registry = new CommandRegistry();
    const { ui, store } = await app.start({ signedIn: true, registry, columns: 80, rows: 24 });
    const { screens, firstMovieId } = await everyRouteScreen(service.get);
    const problems: string[] = [];
    const check = (where: string) => {
      for (const width of [80, 160]) problems.push(...footerProblems(registry, store, width).map((p) => `${where} (${width} columns): ${p}`));
      problems.push(...paletteProblems(registry).map((p) => `${where}: ${p}`));
    };

    for (const tab of ['1', '2', '3', '4', '5']) {
      await ui.press(tab);
      if (registry.hasTextFocus()) await ui.press(KEY.esc);
      await settle(ui, registry);
      check(screenTitle(topEntry(store.getState())));
    }
    await openListOfMine(ui, store, registry, 'Words', firstMovieId);
    check('a list of mine');

    for (const [screen, params] of screens) {
      await act(() => store.getState().nav.switchTab(screen.startsWith('tv.') ? 'tv' : 'movies'));
      await act(() => (store.getState().nav.push as (s: string, p: unknown) => void)(screen, params));
      await settle(ui, registry);
      check(screen);
      // A key whose word changes with what it does next (b: or below, this label only).
      if (screen === 'certifications.titles') {
        await ui.press('b');
        await settle(ui, registry);
        check(`${screen} after b`);
      }
      await act(() => store.getState().nav.pop());
    }
    expect(problems).toEqual([]);
  });

  it("a list of mine's footer names its own keys first, at 80 columns", { timeout: 60_000 }, async ({ app, service }) => {
    const registry = new CommandRegistry();
    const { ui, store } = await app.start({ signedIn: true, registry, columns: 80, rows: 24 });
    const movie = (await service.get<{ results: Array<{ id: number }> }>('/3/movie/popular')).results[0]!;
    await openListOfMine(ui, store, registry, 'Footer', movie.id);
    const footer = footerLine(await ui.waitFor((f) => f.includes('Footer')));
    for (const shown of ['a add movie', 'x remove', 'C clear', 'D delete list', 'Esc back', '? help']) expect(footer).toContain(shown);
    // The header names the keys of the row, with the words of their keymap rows, and the list's name whole.
    expect(ui.frame().split('\n').find((line) => line.startsWith('Footer'))).toMatch(/^Footer\s+r rate · w watchlist · f favourite$/);
  });
});
