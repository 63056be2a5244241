import { Box } from 'ink';
import { useState } from 'react';
import type { CertificationKind } from '../../../state/index.js';
import { useCommands, useFooterWords } from '../../commands.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { printable } from '../../format.js';
import { hintLine } from '../../hints.js';
import { keyHint, keyHintFor } from '../../keymap.js';
import { usePagedOperation } from '../../queries.js';
import { FilmList } from '../movies/FilmList.js';
import type { ScreenProps, Titled } from '../screen.js';
import { SeriesList } from '../tv/SeriesList.js';
import { regionName } from '../../../state/index.js';

/** certifications.titles: { kind: "movie", country: "US", label: "PG-13", title: "US PG-13" } */
export interface LabelTitlesParams extends Titled {
  readonly kind: CertificationKind;
  readonly country: string;
  readonly label: string;
}

/** The orders offered, each as discover names it for films and for series. */
const ORDERS = [
  { name: 'popularity', movie: 'popularity.desc', tv: 'popularity.desc' },
  { name: 'rating', movie: 'vote_average.desc', tv: 'vote_average.desc' },
  { name: 'release date', movie: 'primary_release_date.desc', tv: 'first_air_date.desc' },
  { name: 'title', movie: 'title.asc', tv: 'name.asc' },
] as const;

/**
 * The titles certified with a label in a country (discover with certification_country and
 * certification), paged, with the preview pane; b widens it to the label or below
 * (certification.lte) and back, o changes the order. An ordinary title list: Enter opens a
 * title, / filters.
 */
export function LabelTitlesScreen({ entry, width, height }: ScreenProps<LabelTitlesParams>) {
  const { kind, country, label } = entry.params;
  const [orBelow, setOrBelow] = useState(false);
  const [order, setOrder] = useState(0);
  const certification = orBelow ? { 'certification.lte': label } : { certification: label };
  const query = { certification_country: country, ...certification };
  const films = usePagedOperation('discoverMovies', { query: { ...query, sort_by: ORDERS[order]!.movie } }, { enabled: kind === 'movie' });
  const series = usePagedOperation('discoverSeries', { query: { ...query, sort_by: ORDERS[order]!.tv } }, { enabled: kind === 'tv' });
  useCommands('screen', ['certifications.titles'], {
    'certifications.orBelow': () => setOrBelow((b) => !b),
    'certifications.order': () => setOrder((o) => (o + 1) % ORDERS.length),
  });
  // The footer says what b does next, as the header does.
  useFooterWords({ 'certifications.orBelow': orBelow ? 'this label only' : 'or below' });
  const what = kind === 'movie' ? 'Films' : 'Series';
  const scope = `${printable(label)}${orBelow ? ' or below' : ''} in ${regionName(country)}`;
  const total = kind === 'movie' ? films : series;
  const title = `${what} rated ${scope}`;
  const hint = [
    total.status === 'ready' ? `${total.totalResults} · by ${ORDERS[order]!.name}` : `by ${ORDERS[order]!.name}`,
    hintLine(['certifications.orBelow', orBelow ? 'this label only' : 'or below'], ['certifications.order', 'order']),
  ].join(' · ');
  const listId = `${entry.key}:${orBelow ? 'below' : 'only'}:${order}`;
  const listProps = {
    id: listId,
    what: `the ${what.toLowerCase()} rated ${scope}`,
    width,
    height: height - 1,
    emptyText: `No ${what.toLowerCase()} are rated ${scope}.`,
    // A label outside the country's list (a title's release may carry one): its message lists the labels.
    refusedText: `${keyHint('app.back')} goes back; the country's page in the Certifications tab (${keyHintFor('tab.select', 'certifications')}) lists the labels it takes.`,
  };
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={title} hint={hint} />
      {kind === 'movie' ? <FilmList {...listProps} query={films} /> : <SeriesList {...listProps} query={series} />}
    </Box>
  );
}
