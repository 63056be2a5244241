import { useRef, useState } from 'react';
import { useAppStore } from '../store-context.js';

/**
 * The view a screen shows (details, cast, filmography...), also kept on its stack entry: the
 * screen is drawn anew when Esc or a link comes back to it, and it comes back showing what it
 * showed when it was left.
 */
export function useScreenView<V extends string>(
  entry: { readonly key: string; readonly params: { readonly view?: string } },
  views: readonly { readonly id: V }[],
  initial: V,
): [V, (next: V | ((current: V) => V)) => void] {
  const store = useAppStore();
  const [view, setLocal] = useState<V>(() => views.find((v) => v.id === entry.params.view)?.id ?? initial);
  // Not this render's value: two keys may arrive before the next render.
  const latest = useRef(view);
  const setView = (next: V | ((current: V) => V)) => {
    const value = typeof next === 'function' ? next(latest.current) : next;
    latest.current = value;
    setLocal(value);
    store.getState().nav.setEntryParams(entry.key, { view: value });
  };
  return [view, setView];
}
