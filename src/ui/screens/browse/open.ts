import type { MultiSearchItem } from '../../../contract/index.js';
import type { AppStore } from '../../../state/index.js';
import { movieName, personName, seriesName } from '../../../state/index.js';

/** The titles a person is known for, as a search result or a trending entry lists them. */
export function knownForTitles(item: Extract<MultiSearchItem, { media_type: 'person' }>): string[] {
  return (item.known_for ?? []).map((k) => k.title ?? k.name).filter((t): t is string => Boolean(t));
}

/** Opens a film, a series, a person or a collection from a mixed list with the screen of its kind. */
export function openResult(store: AppStore, item: MultiSearchItem): void {
  const nav = store.getState().nav;
  switch (item.media_type) {
    case 'movie':
      return nav.push('movies.detail', { id: item.id, title: movieName(item) });
    case 'tv':
      return nav.push('tv.detail', { id: item.id, title: seriesName(item) });
    case 'person':
      return nav.push('search.person', { id: item.id, title: personName(item), knownFor: knownForTitles(item).join(', ') });
    default:
      return nav.push('movies.collection', { id: item.id, title: item.name ?? item.title ?? `#${item.id}` });
  }
}
