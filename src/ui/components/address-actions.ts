import { useStdout } from 'ink';
import { useMemo } from 'react';
import { unavailable, type Handlers } from '../commands.js';
import { useAppStore } from '../store-context.js';

/** An address a row stands for, and how the toasts name it ("the image", "the homepage"). */
export interface RowAddress {
  readonly url: string;
  readonly what: string;
}

export interface AddressActions {
  open(address: RowAddress): void;
  copy(address: RowAddress): void;
}

/**
 * Open and copy for the addresses on screen. Copies that go through the terminal (OSC 52) are
 * written with Ink's writer, which keeps the frame intact around the sequence.
 */
export function useAddressActions(): AddressActions {
  const store = useAppStore();
  const { write } = useStdout();
  return useMemo(
    () => ({
      open: (address) => void store.getState().browser.open(address.url, address.what),
      copy: (address) => void store.getState().browser.copy(address.url, write),
    }),
    [store, write],
  );
}

/** The `address` scope's commands for the highlighted row: o opens, y copies; a row without one says so. */
export function addressHandlers(actions: AddressActions, address: RowAddress | undefined, none = 'This line has no address'): Handlers {
  if (!address) return { 'address.open': unavailable(none), 'address.copy': unavailable(none) };
  return { 'address.open': () => actions.open(address), 'address.copy': () => actions.copy(address) };
}
