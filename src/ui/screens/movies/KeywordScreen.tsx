import { keywordTitles } from '../../../state/index.js';
import { printable } from '../../format.js';
import type { ScreenProps, Titled } from '../screen.js';
import { SourceTitlesPage } from '../titles/SourceTitles.js';

/** movies.keyword: { id, title: "heist" }, and `kind: 'tv'` when opened from a series. */
export interface KeywordParams extends Titled {
  readonly id: number;
  /** What the keyword lists: films (the default, from a film) or series (from a series). */
  readonly kind?: 'movie' | 'tv';
}

/** The films, or the series, with a keyword, most popular first; Enter opens one. */
export function KeywordScreen({ entry, width, height }: ScreenProps<KeywordParams>) {
  const { id, title } = entry.params;
  const what = entry.params.kind === 'tv' ? 'series' : 'films';
  return (
    <SourceTitlesPage
      entryKey={entry.key}
      source={keywordTitles(entry.params.kind ?? 'movie', id)}
      width={width}
      height={height}
      title={`Keyword: ${printable(title)}`}
      what={`the ${what} with this keyword`}
      emptyText={`The catalog has no ${what} with this keyword.`}
    />
  );
}
