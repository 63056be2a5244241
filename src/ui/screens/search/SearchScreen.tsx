import { Box, Text } from 'ink';
import { useState } from 'react';
import type { CollectionSearchItem, MultiSearchItem } from '../../../contract/index.js';
import type { SearchMode } from '../../../state/index.js';
import { useCommands, useUnclaimedText } from '../../commands.js';
import { PagedList } from '../../components/PagedList.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { TextField } from '../../components/TextField.js';
import { fit, languageName } from '../../format.js';
import { usePagedOperation } from '../../queries.js';
import { rowWidth, titledRow, voteOf } from '../../rows.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps } from '../screen.js';
import { knownForTitles, openResult } from '../browse/open.js';
import { hintLine } from '../../hints.js';
import { bindingsFor, keyHint } from '../../keymap.js';
import { PreviewSplit } from '../../components/PreviewSplit.js';
import { ResultPreview } from '../titles/TitlePreview.js';
import { collectionName } from '../../../state/index.js';

const TYPE_WIDTH = 9;
const TYPE_MARKS: Readonly<Record<string, string>> = { movie: '[movie]', tv: '[tv]', person: '[person]', collection: '[coll.]' };


/** "[movie]  Heat (1995)      7.9 (7.1k)", "[person] Val Kilmer · Acting · known for Heat, Top Gun" */
export function resultRow(item: MultiSearchItem, width: number): string {
  const type = fit(TYPE_MARKS[item.media_type] ?? `[${item.media_type}]`, TYPE_WIDTH);
  const rest = width - TYPE_WIDTH;
  switch (item.media_type) {
    case 'movie':
      return type + titledRow(item.title, item.release_date, voteOf(item), rest);
    case 'tv':
      return type + titledRow(item.name, item.first_air_date, voteOf(item), rest);
    case 'person': {
      const knownFor = knownForTitles(item).slice(0, 3);
      return `${type}${item.name ?? 'unknown'}${item.known_for_department ? ` · ${item.known_for_department}` : ''}${knownFor.length ? ` · known for ${knownFor.join(', ')}` : ''}`;
    }
    default:
      return `${type}${item.name ?? item.title ?? `#${item.id}`}`;
  }
}

/** "The Neon Harvest Collection · English · A former getaway driver…" */
function collectionRow(item: CollectionSearchItem, width: number): string {
  const original = item.original_name && item.original_name !== item.name ? ` (${item.original_name})` : '';
  const language = item.original_language ? ` · ${languageName(item.original_language)}` : '';
  const head = `${item.name ?? 'unknown'}${original}${language}`;
  const overview = item.overview ? ` · ${item.overview}` : '';
  return fit(head + overview, width);
}

const MODE_TEXT: Readonly<Record<SearchMode, { title: string; what: string; other: string }>> = {
  multi: { title: 'Search movies, TV and people', what: 'results', other: 'searches collections' },
  collections: { title: 'Search collections', what: 'collections', other: 'searches movies, TV and people' },
};

/**
 * Search tab: one box (`/` focuses it, the last query selected: typing replaces it; before any
 * search it has the focus as the tab opens, and `/` pressed then changes nothing). The results
 * have no filter of their own, so `/` means one thing here. Multi search (E20) marks each result movie, tv or
 * person; c switches to collection search (E11). Enter opens the movie, series, person or
 * collection screen.
 */
export function SearchScreen({ entry, width, height }: ScreenProps<{ readonly mode?: SearchMode }>) {
  const store = useAppStore();
  const theme = useTheme();
  // Whether the search line takes the typing: the screen's own, gone with it when it is left.
  // Before any search it has the focus as the tab opens, so that a word typed is the query and
  // never a run of shortcuts (`compass` once ran c, then s, the session form).
  const [focused, setFocused] = useState(() => store.getState().search.submitted === undefined);
  // How the box got the focus: `/` selects the last query (typing replaces it); a character typed
  // on the results is already the start of the new query, so nothing is selected then.
  const [typedInto, setTypedInto] = useState(false);
  const query = useAppState((s) => s.search.query);
  const submitted = useAppState((s) => s.search.submitted);
  const mode = useAppState((s) => s.search.mode);
  const nav = () => store.getState().nav;
  const text = MODE_TEXT[mode];
  const search = { query: { query: submitted ?? '' } };
  const multi = usePagedOperation('searchMulti', search, { enabled: submitted !== undefined && mode === 'multi' });
  const collections = usePagedOperation('searchCollections', search, { enabled: submitted !== undefined && mode === 'collections' });

  useCommands(
    'screen',
    ['search.home', 'field'],
    focused
      ? {
          'field.submit': () => {
            setFocused(false);
            store.getState().search.submit();
          },
          'field.leave': () => setFocused(false),
        }
      : {
          'search.focus': () => {
            setTypedInto(false);
            setFocused(true);
          },
          'search.collections': () => store.getState().search.setMode(mode === 'multi' ? 'collections' : 'multi'),
        },
  );
  // Off the box, a character no key of this screen claims goes back to the query: it is `/` and
  // then that character, so a new word typed on the results is a new search, never lost. Keys
  // with a meaning (j, k, g, c, s, q, digits of tabs) keep it, as on every screen; later keys of
  // the same read reach the box, as they would one at a time.
  useUnclaimedText((character) => {
    store.getState().search.setQuery(character);
    setTypedInto(true);
    setFocused(true);
    return true;
  }, !focused);

  const open = (item: MultiSearchItem) => openResult(store, item);

  const listHeight = height - 3;
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={text.title} hint={focused ? hintLine(['field.submit', 'searches'], ['field.leave', 'leaves the box']) : hintLine(['search.focus', 'or type: new search'], ['search.collections', text.other])} />
      <TextField label="Search:" value={query} onChange={(q) => store.getState().search.setQuery(q)} focused={focused} selectOnFocus={!typedInto} focusKeys={typedInto ? [] : bindingsFor('search.focus').flatMap((b) => b.keys)} placeholder={focused ? 'type a title or a name' : `press ${keyHint('search.focus')} and type a title or a name`} />
      <Box height={1} />
      {submitted === undefined ? (
        <Text color={theme.muted}>
          {mode === 'multi' ? 'Results for movies, TV series and people appear here.' : 'Collections (of movies) whose name matches appear here.'}
        </Text>
      ) : mode === 'multi' ? (
        <PreviewSplit<MultiSearchItem> width={width} height={listHeight} active={!focused} renderPreview={(item, size) => <ResultPreview item={item} {...size} />}>
          {(listWidth, highlight) => (
            <PagedList<MultiSearchItem>
              id={`${entry.key}:multi:${submitted}`}
              query={multi}
              what={`results for "${submitted}"`}
              height={listHeight}
              active={!focused}
              getKey={(item) => `${item.media_type}:${item.id}`}
              renderRow={(item) => resultRow(item, rowWidth(listWidth))}
              onOpen={open}
              highlight={highlight}
              emptyText={`Nothing found for "${submitted}".`}
              // / is the search box's here: the results are a search already.
              filterText={false}
            />
          )}
        </PreviewSplit>
      ) : (
        <PagedList<CollectionSearchItem>
          id={`${entry.key}:collections:${submitted}`}
          query={collections}
          what={`collections named like "${submitted}"`}
          height={listHeight}
          active={!focused}
          getKey={(item) => item.id}
          renderRow={(item) => collectionRow(item, rowWidth(width))}
          onOpen={(item) => nav().push('movies.collection', { id: item.id, title: collectionName(item) })}
          emptyText={`No collection is named like "${submitted}".`}
          filterText={false}
        />
      )}
    </Box>
  );
}
