import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { act, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandRegistry, CommandRegistryProvider, useCommands, useFooterWords } from '../../src/ui/commands.js';

/**
 * Of two components of one layer that bind the same key, the one drawn inside the other (or
 * later) acts, however its rows came: at once, with the screen (an answer already there), or
 * after it (an answer still on its way). A user's config can bind a screen's key to a list's
 * command (list.down: n on the Movies tab, whose n opens Now playing); the key must not change
 * meaning with the timing of an answer.
 */

const noop = () => {};

function Screen({ children }: { children?: ReactNode }) {
  // n: Now playing (movies.home).
  useCommands('screen', ['movies.home'], { 'movies.section': noop });
  return <>{children}</>;
}

function List() {
  // n: a new list (lists.home): a command of another scope that binds the same key.
  useCommands('screen', ['lists.home'], { 'lists.create': noop });
  return <Text>rows</Text>;
}

let reveal: (() => void) | undefined;

function ScreenWithRowsLater() {
  const [loaded, setLoaded] = useState(false);
  reveal = () => setLoaded(true);
  return <Screen>{loaded ? <List /> : <Text>loading</Text>}</Screen>;
}

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
  reveal = undefined;
});

function renderWith(registry: CommandRegistry, node: ReactNode) {
  const view = render(<CommandRegistryProvider registry={registry}>{node}</CommandRegistryProvider>);
  unmount = view.unmount;
  return view;
}

describe('which of two components binding one key acts', () => {
  it('is the inner one when both are drawn at once (rows already loaded)', () => {
    const registry = new CommandRegistry();
    renderWith(
      registry,
      <Screen>
        <List />
      </Screen>,
    );
    expect(registry.commandFor('screen', 'n')).toBe('lists.create');
  });

  it('is the inner one when it is drawn after the screen (rows loaded later)', async () => {
    const registry = new CommandRegistry();
    renderWith(registry, <ScreenWithRowsLater />);
    expect(registry.commandFor('screen', 'n')).toBe('movies.section');
    await act(async () => reveal?.());
    expect(registry.commandFor('screen', 'n')).toBe('lists.create');
  });
});

function WordingScreen({ children }: { children?: ReactNode }) {
  useFooterWords({ 'list.open': 'open' });
  return <>{children}</>;
}

function WordingList() {
  useFooterWords({ 'list.open': 'ticks' });
  return <Text>rows</Text>;
}

describe('which of two components wording one command speaks in the footer', () => {
  it('is the inner one when both are drawn at once, as for the key itself', () => {
    const registry = new CommandRegistry();
    renderWith(
      registry,
      <WordingScreen>
        <WordingList />
      </WordingScreen>,
    );
    expect(registry.footerWord('screen', 'list.open')).toBe('ticks');
  });
});
