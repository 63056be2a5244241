import type { AppStore } from '../../../state/index.js';

/**
 * Following a link: to a screen already on the tab's stack, go back to it rather than stack it
 * again (navigation's `go`), so film -> actor -> film -> actor does not pile up screens.
 */

export function openPerson(store: AppStore, id: number, name: string): void {
  store.getState().nav.go('search.person', { id, title: name });
}

export function openTitle(store: AppStore, kind: 'movie' | 'tv', id: number, title: string): void {
  if (kind === 'movie') store.getState().nav.go('movies.detail', { id, title });
  else store.getState().nav.go('tv.detail', { id, title });
}
