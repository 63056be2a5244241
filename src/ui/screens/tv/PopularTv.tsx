import { Box } from 'ink';
import { useMemo } from 'react';
import type { TvListItem } from '../../../contract/index.js';
import { pagedOperationSource, type PagedSource } from '../../../state/index.js';
import { useCommands } from '../../commands.js';
import { hintLine } from '../../hints.js';
import { keyHintFor, type CommandArg } from '../../keymap.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { cycleView, ViewBar, type ViewTab } from '../../components/ViewBar.js';
import { usePagedSource } from '../../queries.js';
import { useAppStore } from '../../store-context.js';
import type { ScreenProps } from '../screen.js';
import { SeriesList } from './SeriesList.js';

/** The sections of the TV tab's first screen, as the Movies tab has its own. */
export type TvSection = 'popular' | 'airingToday' | 'onTheAir' | 'topRated';

const SECTIONS: readonly ViewTab<TvSection>[] = [
  { id: 'popular', key: keyHintFor('tv.section', 'popular'), label: 'Popular' },
  { id: 'airingToday', key: keyHintFor('tv.section', 'airingToday'), label: 'Airing today', short: 'Today' },
  { id: 'onTheAir', key: keyHintFor('tv.section', 'onTheAir'), label: 'On the air', short: 'On air' },
  { id: 'topRated', key: keyHintFor('tv.section', 'topRated'), label: 'Top rated', short: 'Top' },
];

export const TV_SECTION_TITLES: Readonly<Record<TvSection, string>> = {
  popular: 'Popular',
  airingToday: 'Airing today',
  onTheAir: 'On the air',
  topRated: 'Top rated',
};

const HEADINGS: Readonly<Record<TvSection, string>> = {
  popular: 'Popular TV series',
  airingToday: 'Series with an episode today',
  onTheAir: 'Series airing in the next 7 days',
  topRated: 'Top rated TV series',
};

const WHAT: Readonly<Record<TvSection, string>> = {
  popular: 'popular TV series',
  airingToday: 'series airing today',
  onTheAir: 'series on the air',
  topRated: 'top rated TV series',
};

/** "←/→ switch · l latest · c calendar · T trending · D discover", from the keymap (the bar names each section's key). */
const HINT = `${keyHintFor('tv.section', 'previous')}/${keyHintFor('tv.section', 'next')} switch · ${hintLine(
  ['tv.latest', 'latest'],
  ['tv.calendar', 'calendar'],
)} · ${keyHintFor('tv.browse', 'trending')} trending · ${keyHintFor('tv.browse', 'discover')} discover`;

/**
 * Today is the time zone of this machine, as the real service reads `timezone` (an IANA name);
 * undefined where the runtime cannot name it.
 */
function localTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

function sectionSource(section: TvSection): PagedSource<TvListItem> {
  switch (section) {
    case 'popular':
      return pagedOperationSource('popularTv', {});
    case 'airingToday': {
      const timezone = localTimeZone();
      return pagedOperationSource('airingTodaySeries', timezone ? { query: { timezone } } : {});
    }
    case 'onTheAir': {
      const timezone = localTimeZone();
      return pagedOperationSource('onTheAirSeries', timezone ? { query: { timezone } } : {});
    }
    case 'topRated':
      return pagedOperationSource('topRatedSeries', {});
  }
}

/**
 * TV tab, first screen: popular series (E18), those airing today and in the next seven days,
 * and the top rated, paged; l opens the latest series (E16). The section is kept in the root
 * entry's parameters, so the breadcrumb names it and going back keeps it.
 */
export function PopularTv({ entry, width, height }: ScreenProps<{ readonly section?: TvSection }>) {
  const store = useAppStore();
  const nav = () => store.getState().nav;
  const section = entry.params.section ?? 'popular';
  const source = useMemo(() => sectionSource(section), [section]);
  const list = usePagedSource(source);
  const showSection = (shown: CommandArg<'tv.section'>) => {
    const next = shown === 'previous' || shown === 'next' ? cycleView(SECTIONS, section, shown === 'next' ? 1 : -1) : shown;
    nav().setRootParams('tv', { section: next });
  };
  useCommands('screen', ['tv.home'], {
    'tv.section': showSection,
    'tv.latest': () => nav().push('tv.latest'),
    'tv.calendar': () => nav().push('tv.calendar'),
    'tv.browse': (shown: CommandArg<'tv.browse'>) =>
      shown === 'trending'
        ? nav().push('browse.trending', { title: 'Trending', kind: 'tv' })
        : nav().push('browse.discover', { title: 'Discover', kind: 'tv' }),
  });
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={HEADINGS[section]} hint={HINT} />
      <ViewBar views={SECTIONS} current={section} width={width} />
      <SeriesList
        // One cursor per section, so switching back finds the row left.
        id={`${entry.key}:${section}`}
        query={list}
        what={WHAT[section]}
        width={width}
        height={height - 2}
        emptyText={`The service lists no ${WHAT[section]}.`}
      />
    </Box>
  );
}
