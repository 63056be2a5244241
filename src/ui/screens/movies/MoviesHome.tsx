import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { MovieListItem } from '../../../contract/index.js';
import {
  languageChoices,
  regionChoices,
  regionName,
  type LoadStatus,
  type MovieSection,
} from '../../../state/index.js';
import { unavailable, useCommands } from '../../commands.js';
import { ChoicePicker } from '../../components/ChoicePicker.js';
import { PagedPreviewList } from '../../components/PagedPreviewList.js';
import { moviePreview } from '../titles/TitlePreview.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { cycleView, ViewBar, type ViewTab } from '../../components/ViewBar.js';
import { formatDate, formatDateRange, languageName } from '../../format.js';
import { usePagedSource } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps } from '../screen.js';
import { movieRow, movieTitle } from './rows.js';
import { keyHint, keyHintFor, type CommandArg } from '../../keymap.js';
import { sectionSource, type Dated } from './sections.js';

type Tab = MovieSection | 'latest';

const TABS: readonly ViewTab<Tab>[] = [
  { id: 'popular', key: keyHintFor('movies.section', 'popular'), label: 'Popular' },
  { id: 'nowPlaying', key: keyHintFor('movies.section', 'nowPlaying'), label: 'Now playing' },
  { id: 'topRated', key: keyHintFor('movies.section', 'topRated'), label: 'Top rated' },
  { id: 'upcoming', key: keyHintFor('movies.section', 'upcoming'), label: 'Upcoming' },
  { id: 'latest', key: keyHintFor('movies.section', 'latest'), label: 'Latest ›' },
];
/** "←/→ or p/n/t/u switch · l latest", from the keymap. */
const SECTION_HINT = `${keyHintFor('movies.section', 'previous')}/${keyHintFor('movies.section', 'next')} or ${(['popular', 'nowPlaying', 'topRated', 'upcoming'] as const)
  .map((section) => keyHintFor('movies.section', section))
  .join('/')} switch · ${keyHintFor('movies.section', 'latest')} latest · ${keyHintFor('movies.section', 'trending')} trending · ${keyHintFor('movies.section', 'discover')} discover`;
const SECTION_TABS = TABS.filter((tab): tab is ViewTab<MovieSection> => tab.id !== 'latest');

const HEADINGS: Readonly<Record<MovieSection, string>> = {
  popular: 'Popular movies',
  nowPlaying: 'Movies now playing',
  topRated: 'Top rated movies',
  upcoming: 'Upcoming movies',
};

type Picker = 'region' | 'language' | undefined;

/**
 * Movies tab, first screen: Popular, Now playing, Top rated and Upcoming (E14, with its date
 * window, a region and a language), paged; l opens the latest movie (E1).
 */
export function MoviesHome({ entry, width, height }: ScreenProps<{ readonly section?: MovieSection }>) {
  const store = useAppStore();
  const theme = useTheme();
  const { section, region, upcomingLanguage, contentLanguage } = useAppState(
    useShallow((s) => ({
      section: s.movies.section,
      region: s.movies.upcomingRegion,
      upcomingLanguage: s.movies.upcomingLanguage,
      contentLanguage: s.settings.language.value,
    })),
  );
  const source = useMemo(() => sectionSource(section, region, upcomingLanguage), [section, region, upcomingLanguage]);
  const language = upcomingLanguage ?? contentLanguage;
  const list = usePagedSource(source);
  const [picker, setPicker] = useState<Picker>(undefined);
  const movies = () => store.getState().movies;

  const browsing = picker === undefined;
  const showSection = (shown: CommandArg<'movies.section'>) => {
    if (shown === 'latest') store.getState().nav.push('movies.detail', { latest: true, title: 'Latest movie' });
    else if (shown === 'trending') store.getState().nav.push('browse.trending', { title: 'Trending', kind: 'movie' });
    else if (shown === 'discover') store.getState().nav.push('browse.discover', { title: 'Discover', kind: 'movie' });
    else if (shown === 'previous' || shown === 'next') movies().setSection(cycleView(SECTION_TABS, section, shown === 'next' ? 1 : -1));
    else movies().setSection(shown);
  };
  const onlyUpcoming = unavailable('Upcoming list only');
  useCommands(
    'screen',
    ['movies.home', 'movies.upcoming'],
    {
      'movies.section': showSection,
      'movies.region': section === 'upcoming' ? () => setPicker('region') : onlyUpcoming,
      'movies.language': section === 'upcoming' ? () => setPicker('language') : onlyUpcoming,
    },
    browsing,
  );

  const dated = section === 'upcoming' || section === 'nowPlaying';
  const windowLine = dated
    ? `${section === 'upcoming' ? 'Release dates' : 'In cinemas'} ${windowText(list.first?.dates, list.status, section)}`
    : undefined;
  const headerRows = 2 + (windowLine ? 1 : 0) + (section === 'upcoming' ? 1 : 0);

  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={HEADINGS[section]} hint={SECTION_HINT} />
      <ViewBar views={TABS} current={section} />
      {windowLine ? (
        <Text color={theme.muted} wrap="truncate-end">
          {windowLine}
        </Text>
      ) : null}
      {section === 'upcoming' ? (
        <Text color={theme.muted} wrap="truncate-end">
          Region <Text color={theme.accent}>{region ? `${regionName(region)} (${region})` : 'any'}</Text> ({keyHint('movies.region')} to choose) ·
          Language <Text color={theme.accent}>{languageName(language)}</Text> ({keyHint('movies.language')})
        </Text>
      ) : null}
      {picker === 'region' ? (
        <ChoicePicker
          id={`${entry.key}:region`}
          title="Region for upcoming movies (ISO 3166-1)"
          choices={regionChoices()}
          noneLabel="No region: upcoming everywhere"
          current={region}
          height={height - headerRows}
          onChoose={(code) => {
            setPicker(undefined);
            movies().setUpcomingRegion(code);
          }}
          onCancel={() => setPicker(undefined)}
        />
      ) : picker === 'language' ? (
        <ChoicePicker
          id={`${entry.key}:language`}
          title="Language of titles and overviews (ISO 639-1)"
          choices={languageChoices()}
          current={language}
          height={height - headerRows}
          onChoose={(code) => {
            setPicker(undefined);
            if (code) movies().setUpcomingLanguage(code);
          }}
          onCancel={() => setPicker(undefined)}
        />
      ) : (
        <PagedPreviewList<MovieListItem>
          id={`${entry.key}:${source.key}`}
          query={list}
          what={HEADINGS[section].toLowerCase()}
          width={width}
          height={height - headerRows}
          getKey={(movie) => movie.id}
          renderRow={(movie, listWidth) => movieRow(movie, rowWidth(listWidth), dated)}
          renderPreview={moviePreview}
          onOpen={(movie) => store.getState().nav.push('movies.detail', { id: movie.id, title: movieTitle(movie) })}
          emptyText={
            section === 'upcoming' && region
              ? `No upcoming movies in ${regionName(region)}: press ${keyHint('movies.region')} to choose another region.`
              : `The service lists no ${HEADINGS[section].toLowerCase()}.`
          }
        />
      )}
    </Box>
  );
}

/**
 * The release dates a dated list covers, as its first page says; an old answer says one end or
 * none, and then the header says what it knows rather than wait for dates that will not come.
 */
function windowText(dates: Dated['dates'], status: LoadStatus, section: MovieSection): string {
  const { minimum, maximum } = dates ?? {};
  if (minimum && maximum) return formatDateRange(minimum, maximum);
  if (minimum) return `from ${formatDate(minimum)}`;
  if (maximum) return `until ${formatDate(maximum)}`;
  if (status !== 'ready') return '…';
  return section === 'nowPlaying' ? 'now' : 'not given';
}
