import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import type { MovieListItem } from '../../../contract/index.js';
import {
  CERTIFICATIONS_OF, countriesOf, discoverSource, languageChoices, regionName, sortForKind, withDefaults, type DiscoverFilters, type TitleKind,
} from '../../../state/index.js';
import { unavailable, useCommands } from '../../commands.js';
import { ChoicePicker } from '../../components/ChoicePicker.js';
import { Loadable } from '../../components/Loadable.js';
import { PagedPreviewList } from '../../components/PagedPreviewList.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { languageName } from '../../format.js';
import { hintLine } from '../../hints.js';
import { keyHint, keyHintFor, type CommandArg } from '../../keymap.js';
import { useOperation, usePagedSource } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useSettled } from '../../settled.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import { movieRow, movieTitle } from '../movies/rows.js';
import type { ScreenProps } from '../screen.js';
import { GenrePicker } from './GenrePicker.js';
import {
  FIELDS, FIELD_LABELS, PICKED, TYPED_FIELDS, change, erase, kindName, nextField, sortLabel, typeInto, type Field,
} from './discover-form.js';
import { moviePreview } from '../titles/TitlePreview.js';
import { SeriesList } from '../tv/SeriesList.js';

export interface DiscoverParams {
  readonly title: string;
  readonly kind: TitleKind;
  /** The filters as last set: kept in the entry, so they are there on coming back from a film. */
  readonly filters?: Omit<DiscoverFilters, 'kind'>;
}

/** How long the filters must stay put before the list is asked for again (typing a year is four keys). */
export const DISCOVER_DEBOUNCE_MS = 300;

type Picker = 'genres' | 'language' | 'certificationCountry' | 'certification' | undefined;

/**
 * Discover: films or series by genres (all or any of them), years, a rating floor, original
 * language and an order. f moves into the filter form; every change asks for the list again
 * once the keys stop for a moment. A filter the service refuses shows the service's message
 * where the list would be.
 */
export function DiscoverScreen({ entry, width, height }: ScreenProps<DiscoverParams>) {
  const store = useAppStore();
  const theme = useTheme();
  const filters: DiscoverFilters = { kind: entry.params.kind, ...withDefaults(entry.params.filters) };
  const filtersKey = JSON.stringify(filters);
  const asked = useSettled(filters, filtersKey, DISCOVER_DEBOUNCE_MS);
  const source = useMemo(() => discoverSource(asked), [JSON.stringify(asked)]);
  const movies = usePagedSource(source.kind === 'movie' ? source.source : undefined);
  const series = usePagedSource(source.kind === 'tv' ? source.source : undefined);
  const [editing, setEditing] = useState(false);
  const [field, setField] = useState<Field>('genres');
  const [picker, setPicker] = useState<Picker>(undefined);
  const genreList = useOperation(filters.kind === 'movie' ? 'movieGenres' : 'seriesGenres', {});
  // The certification lists (of the kind shown) the country and label pickers offer.
  const region = useAppState((s) => s.settings.region.value);
  const certificationLists = useOperation(CERTIFICATIONS_OF[filters.kind], {}, { enabled: editing });
  const certificationCountries = useMemo(() => (certificationLists.data ? countriesOf(certificationLists.data) : []), [certificationLists.data]);
  // The label picker offers the chosen country's ladder; with none chosen yet, the user's region's.
  const labelCountry = filters.certificationCountry ?? region;
  const labelLadder = certificationCountries.find((c) => c.code === labelCountry);
  const genreNames = (ids: readonly number[]) =>
    ids.map((id) => genreList.data?.genres?.find((g) => g.id === id)?.name ?? `#${id}`).join(', ');

  // Each key reads the filters as the store has them now: a burst of keys builds on itself.
  const current = (): DiscoverFilters => {
    const params = store.getState().nav.stacks[store.getState().nav.tab].find((e) => e.key === entry.key)?.params as DiscoverParams | undefined;
    return { kind: params?.kind ?? filters.kind, ...withDefaults(params?.filters) };
  };
  const apply = (patch: (now: DiscoverFilters) => Partial<DiscoverFilters>) => {
    const now = current();
    const next = patch(now);
    if (Object.keys(next).length === 0) return;
    const { kind, ...rest } = { ...now, ...next };
    store.getState().nav.setEntryParams(entry.key, { kind, filters: rest });
  };

  const browsing = !editing && picker === undefined;
  useCommands(
    'screen',
    ['discover'],
    {
      'discover.filters': () => setEditing(true),
      'discover.kind': () =>
        apply((now) => {
          const kind: TitleKind = now.kind === 'movie' ? 'tv' : 'movie';
          // Genre ids differ between films and series, and so do the labels: those choices start again.
          return { kind, genres: [], sort: sortForKind(kind, now.sort), certification: undefined };
        }),
    },
    browsing,
  );
  useCommands(
    'screen',
    ['discover.form'],
    {
      'discover.field': (step: CommandArg<'discover.field'>) => setField((f) => nextField(f, step === 'next' ? 1 : -1)),
      // A key that cannot change this field says why, and what does.
      'discover.change': PICKED.has(field)
        ? unavailable(`${FIELD_LABELS[field]} is chosen from a list: ${keyHint('discover.choose')} opens it`)
        : (step: CommandArg<'discover.change'>) => apply((now) => change(now, field, step === 'next' ? 1 : -1)),
      'discover.type': TYPED_FIELDS.has(field)
        ? (char: CommandArg<'discover.type'>) => apply((now) => typeInto(now, field, char))
        : unavailable(`Digits go into the years and the rating; ${FIELD_LABELS[field]} changes with ${keyHintFor('discover.change', 'previous')}/${keyHintFor('discover.change', 'next')}${PICKED.has(field) ? ` or ${keyHint('discover.choose')}` : ''}`),
      'discover.erase':
        field === 'genreMatch' || field === 'sort'
          ? unavailable(`${FIELD_LABELS[field]} always has a value: ${keyHintFor('discover.change', 'previous')}/${keyHintFor('discover.change', 'next')} change it`)
          : () => apply((now) => erase(now, field)),
      'discover.choose': () => (PICKED.has(field) ? setPicker(field as Picker) : setEditing(false)),
      'discover.done': () => setEditing(false),
    },
    editing && picker === undefined,
  );
  // A certification picker waits for the lists (or shows why they did not come): Esc leaves it.
  const waitingForLists = (picker === 'certificationCountry' || picker === 'certification') && certificationLists.data === undefined;
  useCommands('screen', ['discover.form'], { 'discover.done': () => setPicker(undefined) }, waitingForLists);

  const value = (f: Field): string => {
    switch (f) {
      case 'genres':
        return filters.genres.length === 0 ? 'any' : genreNames(filters.genres);
      case 'genreMatch':
        return filters.genreMatch === 'all' ? 'all of the genres' : 'any of the genres';
      case 'yearFrom':
      case 'yearTo':
      case 'voteFloor':
        return filters[f] || 'any';
      case 'language':
        return filters.language ? `${languageName(filters.language)} (${filters.language})` : 'any';
      case 'sort':
        return sortLabel(filters.sort);
      case 'certificationCountry':
        return filters.certificationCountry ? `${regionName(filters.certificationCountry)} (${filters.certificationCountry})` : 'any';
      case 'certification':
        return filters.certification ?? (filters.certificationCountry ? 'any (choose one to filter by it)' : 'any');
      case 'certificationOrBelow':
        return filters.certificationOrBelow ? 'this label or milder (certification.lte)' : 'this label only';
    }
  };
  const certificationSummary =
    filters.certificationCountry && filters.certification
      ? `Rated ${filters.certification}${filters.certificationOrBelow ? ' or below' : ''} in ${filters.certificationCountry}`
      : undefined;
  const summary = [
    `Genres ${value('genres')}${filters.genres.length > 1 ? ` (${filters.genreMatch})` : ''}`,
    `Years ${filters.yearFrom || '…'}–${filters.yearTo || '…'}`,
    `Rating ≥ ${value('voteFloor')}`,
    `Language ${filters.language ?? 'any'}`,
    certificationSummary,
    `Sort ${sortLabel(filters.sort)}`,
  ]
    .filter(Boolean)
    .join(' · ');

  // The service's message names the filter; the filters are where it is changed.
  const refusedText = `press ${keyHint('discover.filters')} to change the filters, and the list loads again.`;
  const formRows = editing ? FIELDS.length + 1 : 1;
  const listHeight = Math.max(3, height - 2 - formRows);
  const what = `discovered ${kindName(filters.kind)}`;
  const hint = editing
    ? `${keyHintFor('discover.field', 'previous')}/${keyHintFor('discover.field', 'next')} field · ${keyHintFor('discover.change', 'previous')}/${keyHintFor('discover.change', 'next')} change · ${hintLine(['discover.choose', 'choose/done'])}`
    : hintLine(['discover.filters', 'filters'], ['discover.kind', kindName(filters.kind === 'movie' ? 'tv' : 'movie')], ['list.open', 'opens']);

  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={`Discover ${kindName(filters.kind)}`} hint={hint} />
      {editing ? (
        <Box flexDirection="column">
          {FIELDS.map((f) => (
            <Text key={f} wrap="truncate-end" color={f === field ? theme.accent : undefined} bold={f === field}>
              {f === field ? '›' : ' '} {FIELD_LABELS[f].padEnd(10)} {value(f)}
              {f === field && PICKED.has(f) ? <Text color={theme.muted}>  ({keyHint('discover.choose')} to choose)</Text> : null}
            </Text>
          ))}
          <Text color={theme.muted} wrap="truncate-end">
            Type digits into years and rating · {keyHint('discover.erase')} erases · {keyHint('discover.done')} back to the list
          </Text>
        </Box>
      ) : (
        <Text color={theme.muted} wrap="truncate-end">
          {summary}
        </Text>
      )}
      {picker === 'genres' ? (
        <GenrePicker
          id={entry.key}
          kind={filters.kind}
          chosen={filters.genres}
          height={listHeight + 1}
          onToggle={(genre) => apply((now) => ({ genres: now.genres.includes(genre) ? now.genres.filter((g) => g !== genre) : [...now.genres, genre] }))}
          onClose={() => setPicker(undefined)}
        />
      ) : picker === 'language' ? (
        <ChoicePicker
          id={`${entry.key}:language`}
          title="Original language (ISO 639-1)"
          choices={languageChoices()}
          noneLabel="Any language"
          current={filters.language}
          height={listHeight + 1}
          onChoose={(code) => {
            setPicker(undefined);
            apply(() => ({ language: code }));
          }}
          onCancel={() => setPicker(undefined)}
        />
      ) : picker === 'certificationCountry' || picker === 'certification' ? (
        <Loadable
          status={certificationLists.status}
          error={certificationLists.error}
          hasValue={certificationLists.data !== undefined}
          what={`the ${filters.kind === 'movie' ? 'movie' : 'TV'} certifications`}
          onRetry={certificationLists.retry}
        >
          {picker === 'certificationCountry' ? (
            <ChoicePicker
              id={`${entry.key}:certification-country`}
              title={`Country whose ${filters.kind === 'movie' ? 'movie' : 'TV'} certifications to filter by`}
              choices={certificationCountries.map((c) => ({ code: c.code, name: c.name }))}
              noneLabel="Any (no certification filter)"
              current={filters.certificationCountry}
              height={listHeight + 1}
              onChoose={(code) => {
                setPicker(undefined);
                // Another country has another ladder: its label is chosen again.
                apply((now) => (code === now.certificationCountry ? {} : { certificationCountry: code, certification: undefined }));
              }}
              onCancel={() => setPicker(undefined)}
            />
          ) : (
            <ChoicePicker
              id={`${entry.key}:certification:${labelCountry}`}
              title={
                labelLadder
                  ? `${filters.kind === 'movie' ? 'Movie' : 'TV'} certification in ${regionName(labelCountry)}, mildest first`
                  : `${regionName(labelCountry)} has no ${filters.kind === 'movie' ? 'movie' : 'TV'} certifications in the service's lists: choose a country in "Rated in" first`
              }
              choices={(labelLadder?.certifications ?? []).map((c) => ({
                code: c.certification,
                name: (c.meaning ?? '').replace(/\s+/g, ' ').trim() || '(no meaning given)',
              }))}
              noneLabel="Any (no certification filter)"
              current={filters.certification}
              height={listHeight + 1}
              onChoose={(label) => {
                setPicker(undefined);
                apply(() => (label ? { certificationCountry: labelCountry, certification: label } : { certification: undefined }));
              }}
              onCancel={() => setPicker(undefined)}
            />
          )}
        </Loadable>
      ) : (
        <Box flexDirection="column" marginTop={1}>
          {source.kind === 'movie' ? (
            <PagedPreviewList<MovieListItem>
              id={`${entry.key}:results`}
              query={movies}
              what={what}
              width={width}
              height={listHeight}
              active={browsing}
              getKey={(movie) => movie.id}
              renderRow={(movie, listWidth) => movieRow(movie, rowWidth(listWidth))}
              renderPreview={moviePreview}
              refusedText={refusedText}
              onOpen={(movie) => store.getState().nav.push('movies.detail', { id: movie.id, title: movieTitle(movie) })}
              emptyText={`No ${kindName(filters.kind)} match these filters: press ${keyHint('discover.filters')} to change them.`}
            />
          ) : (
            <SeriesList
              id={`${entry.key}:results`}
              query={series}
              what={what}
              width={width}
              height={listHeight}
              active={browsing}
              refusedText={refusedText}
              emptyText={`No ${kindName(filters.kind)} match these filters: press ${keyHint('discover.filters')} to change them.`}
            />
          )}
        </Box>
      )}
    </Box>
  );
}
