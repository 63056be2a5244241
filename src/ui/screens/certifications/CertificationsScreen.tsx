import { Box, Text } from 'ink';
import { useMemo, useRef, useState } from 'react';
import { CERTIFICATIONS_OF, countriesOf, countryIndex, filterCountries, movedCursor, regionName, scrollWindow, type CountryCertifications } from '../../../state/index.js';
import type { CursorHandle } from '../../components/list-cursor.js';
import { useCommands } from '../../commands.js';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { ScrollList } from '../../components/ScrollList.js';
import { TextField } from '../../components/TextField.js';
import { wrapText } from '../../format.js';
import { useOperation } from '../../queries.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps } from '../screen.js';
import { hintLine } from '../../hints.js';

const COUNTRY_PANE = 34;

/**
 * Certifications tab: countries by name (CA-QC reads "Canada (Quebec)"), filtered by what is
 * typed after / (a code, part of a name or a common name: "DE" or "ger" finds Germany, "uk"
 * the United Kingdom, "quebec" Canada (Quebec)), and the highlighted
 * country's certifications in order, each with its meaning. Movies at first, then as last
 * used; t swaps them. It opens on the user's region, and the highlighted country stays the same
 * across t, a filter and its clearing, and leaving the tab (see useCountryCursor).
 */
export function CertificationsScreen({ entry, width, height }: ScreenProps) {
  const store = useAppStore();
  const theme = useTheme();
  const kind = useAppState((s) => s.certifications.kind);
  const filter = useAppState((s) => s.certifications.filter);
  const answer = useOperation(CERTIFICATIONS_OF[kind], {});
  // Whether the filter line takes the typing: the screen's own, gone with it when it is left.
  const [typing, setTyping] = useState(false);
  const listId = `${entry.key}:countries`;

  const all = useMemo(() => (answer.data ? countriesOf(answer.data) : []), [answer.data]);
  const countries = useMemo(() => filterCountries(all, filter), [all, filter]);
  const paneWidth = Math.min(COUNTRY_PANE, Math.floor(width / 2));
  // The filter line is there while typing or filtering; the title's hint says how to start.
  const filtering = typing || filter !== '';
  // Opened on a region the list has no ladder for (Antarctica, say): say so rather than
  // highlight the first country as if it were the user's.
  const chosen = useAppState((s) => s.certifications.country);
  const region = useAppState((s) => s.settings.region.value);
  const regionUnlisted = chosen === undefined && !filter && all.length > 0 && !all.some((c) => c.code === region.toUpperCase());
  const bodyHeight = Math.max(3, height - (filtering ? 2 : 1) - (regionUnlisted ? 1 : 0));
  const cursor = useCountryCursor(all, Math.max(1, bodyHeight - 1));
  const country = countries[cursor.cursor?.index ?? 0];

  const setFilter = (text: string) => {
    const { certifications } = store.getState();
    certifications.setFilter(text);
    // The best match comes first: show it. An empty filter keeps the country it was on.
    const best = text.trim() ? filterCountries(all, text)[0] : undefined;
    if (best) certifications.setCountry(best.code);
  };
  useCommands(
    'screen',
    ['certifications.home', 'field'],
    typing
      ? {
          'field.submit': () => setTyping(false),
          'field.leave': () => setTyping(false),
        }
      : {
          'certifications.kind': () => store.getState().certifications.setKind(kind === 'tv' ? 'movie' : 'tv'),
          'certifications.filter': () => setTyping(true),
          'certifications.clearFilter': filter ? () => setFilter('') : undefined,
        },
  );

  const other = kind === 'tv' ? 'movie' : 'TV';
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle
        title={`${kind === 'tv' ? 'TV' : 'Movie'} certifications by country`}
        hint={
          typing
            ? hintLine(['field.submit', 'keeps the filter'], ['field.leave', 'leaves the box'])
            : filter
              ? hintLine(['certifications.filter', 'edit'], ['certifications.clearFilter', 'clears filter'], ['certifications.kind', `${other} certifications`])
              : hintLine(['certifications.filter', 'filter'], ['certifications.kind', `${other} certifications`])
        }
      />
      {regionUnlisted ? (
        <Text color={theme.muted} wrap="truncate-end">
          Your region, {regionName(region)} ({region.toUpperCase()}), has no {kind === 'tv' ? 'TV' : 'movie'} certifications here; {hintLine(['certifications.filter', 'finds a country'])}.
        </Text>
      ) : null}
      {filtering ? (
        <TextField label="Filter:" value={filter} onChange={setFilter} focused={typing} placeholder="a code (DE), part of a name (ger) or a common one (uk)" />
      ) : null}
      <Loadable
        status={answer.status}
        error={answer.error}
        hasValue={answer.data !== undefined}
        what={`the ${kind === 'tv' ? 'TV' : 'movie'} certifications`}
        onRetry={answer.retry}
      >
        <Box height={bodyHeight}>
          <Box width={paneWidth} flexShrink={0} flexDirection="column">
            <ScrollList<CountryCertifications>
              id={listId}
              cursor={cursor}
              items={countries}
              height={bodyHeight}
              active={!typing}
              getKey={(c) => c.code}
              // The screen's own filter (which also knows the common names of countries).
              filterText={false}
              renderRow={(c) => `${c.name} (${c.code})`}
              onOpen={(c) => {
                // The page shows the chosen country: the one opened, until ] or [ moves it.
                store.getState().certifications.setCountry(c.code);
                store.getState().nav.push('certifications.country');
              }}
              emptyText={all.length === 0 ? 'The service lists no countries.' : `No country matches "${filter}". ${hintLine(['certifications.clearFilter', 'clears the filter'])}.`}
            />
          </Box>
          <Box flexDirection="column" marginLeft={2} flexGrow={1} overflow="hidden">
            {country ? (
              <CountryPane key={`${kind}:${country.code}`} country={country} width={Math.max(10, width - paneWidth - 2)} height={bodyHeight} active={!typing} />
            ) : null}
          </Box>
        </Box>
      </Loadable>
    </Box>
  );
}

/**
 * The country list's cursor: the highlighted country is the slice's (by code, not by row), so
 * it stays put when movies and TV swap lists, when a filter comes and goes, and when the tab is
 * left and opened again; before any is chosen it is the user's region. Only the rows in view
 * are the component's own.
 */
function useCountryCursor(all: readonly CountryCertifications[], viewport: number): CursorHandle {
  const store = useAppStore();
  const chosen = useAppState((s) => s.certifications.country);
  const filter = useAppState((s) => s.certifications.filter);
  const region = useAppState((s) => s.settings.region.value);
  const [offset, setOffset] = useState(0);
  // Ahead of the render: a second key of the same read moves on from where the first left it.
  const latestOffset = useRef(0);
  const listNow = () => {
    const state = store.getState();
    const countries = filterCountries(all, state.certifications.filter);
    return { countries, index: countryIndex(countries, state.certifications.country, state.settings.region.value) };
  };
  const countries = filterCountries(all, filter);
  const index = Math.min(countryIndex(countries, chosen, region), Math.max(0, countries.length - 1));
  const shownOffset = scrollWindow(index, offset, countries.length, viewport);
  return {
    cursor: { index, offset: shownOffset },
    current: () => listNow().index,
    move: (to, count, rows) => {
      const now = listNow();
      const next = movedCursor({ index: now.index, offset: latestOffset.current }, to, count, rows);
      const target = now.countries[next.index];
      latestOffset.current = next.offset;
      setOffset(next.offset);
      if (target) store.getState().certifications.setCountry(target.code);
    },
    reset: () => {
      const first = listNow().countries[0];
      if (first) store.getState().certifications.setCountry(first.code);
    },
  };
}

/** One line of the right pane: a label (on the first line of its entry) and part of its meaning. */
interface PaneLine {
  readonly key: string;
  readonly label: string;
  readonly text: string;
}

/** The country's certifications in order, meanings wrapped under themselves; J/K scroll when they do not fit. */
function CountryPane({ country, width, height, active }: { country: CountryCertifications; width: number; height: number; active: boolean }) {
  const theme = useTheme();
  const [offset, setOffset] = useState(0);
  const labelWidth = Math.min(Math.floor(width / 3), Math.max(4, ...country.certifications.map((c) => c.certification.length)) + 2);
  const lines = useMemo(() => {
    const out: PaneLine[] = [];
    for (const entry of country.certifications) {
      const meaning = (entry.meaning ?? '').replace(/\s+/g, ' ').trim() || '(no meaning given)';
      wrapText(meaning, Math.max(8, width - labelWidth)).forEach((text, i) =>
        out.push({ key: `${entry.order}:${entry.certification}:${i}`, label: i === 0 ? entry.certification : '', text }),
      );
    }
    return out;
  }, [country, width, labelWidth]);

  // The country's name (with where you are in its list when it does not fit), then the certifications.
  const viewport = Math.max(1, height - 1);
  const overflows = lines.length > viewport;
  const maxOffset = Math.max(0, lines.length - viewport);
  const scroll = (step: number) => setOffset((o) => Math.max(0, Math.min(maxOffset, o + step)));
  useCommands(
    'screen',
    ['certifications.home'],
    {
      'certifications.scrollDown': overflows ? () => scroll(Math.max(1, viewport - 1)) : undefined,
      'certifications.scrollUp': overflows ? () => scroll(-Math.max(1, viewport - 1)) : undefined,
    },
    active,
  );

  const shown = lines.slice(offset, offset + viewport);
  const below = lines.length - offset - viewport;
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Text bold wrap="truncate-end">
        {country.name} <Text color={theme.muted}>({country.code})</Text>
        {overflows ? (
          <Text color={theme.muted} bold={false}>
            {'  '}
            {below > 0 ? `↓ ${below} more lines (J/K scroll)` : '↑ K scrolls back up'}
          </Text>
        ) : null}
      </Text>
      {country.certifications.length === 0 ? <Text color={theme.muted}>No certifications listed.</Text> : null}
      {shown.map((line) => (
        <Box key={line.key} height={1}>
          <Box width={labelWidth} flexShrink={0}>
            <Text bold color={theme.accent} wrap="truncate-end">
              {line.label}
            </Text>
          </Box>
          <Text wrap="truncate-end">{line.text}</Text>
        </Box>
      ))}
    </Box>
  );
}
