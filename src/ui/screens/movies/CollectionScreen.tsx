import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import type { MovieListItem } from '../../../contract/index.js';
import { languageChoices } from '../../../state/index.js';
import { useCommands } from '../../commands.js';
import { ChoicePicker } from '../../components/ChoicePicker.js';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { ScrollList } from '../../components/ScrollList.js';
import { ENGLISH_MARK, inEnglish, languageName, truncate, wrapText } from '../../format.js';
import { useOperation } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps, Titled } from '../screen.js';
import { movieRow, movieTitle } from './rows.js';
import { PreviewSplit } from '../../components/PreviewSplit.js';
import { moviePreview } from '../titles/TitlePreview.js';

/** The overview gets at most this many lines; the parts below are what people come for. */
const MAX_OVERVIEW_LINES = 4;

/**
 * A collection (E9) in a language of your choice (L): its name, original name and language,
 * overview, and its parts; Enter opens a part's movie screen.
 */
export function CollectionScreen({ entry, width, height }: ScreenProps<Titled & { readonly id: number }>) {
  const store = useAppStore();
  const theme = useTheme();
  const id = entry.params.id;
  // Until one is chosen here, the content language of the settings.
  const [chosen, setLanguage] = useState<string | undefined>(undefined);
  const contentLanguage = useAppState((s) => s.settings.language.value);
  const language = chosen ?? contentLanguage;
  const [picking, setPicking] = useState(false);
  const collection = useOperation('collectionDetails', { path: { collection_id: id }, query: chosen === undefined ? {} : { language: chosen } });

  useCommands('screen', ['movies.collection'], { 'collection.language': () => setPicking(true) }, !picking);

  const value = collection.data;
  const overview = wrapText(`${inEnglish(value, 'overview') ? `${ENGLISH_MARK} ` : ''}${value?.overview || 'No overview.'}`, width);
  const shownOverview =
    overview.length > MAX_OVERVIEW_LINES
      ? [...overview.slice(0, MAX_OVERVIEW_LINES - 1), truncate(`${overview[MAX_OVERVIEW_LINES - 1]} …`, width)]
      : overview;
  const original = value ? `${value.original_name ?? value.name ?? 'unknown'}${value.original_language ? ` (${languageName(value.original_language)})` : ''}` : '';
  const partsHeight = Math.max(3, height - 3 - shownOverview.length);
  const parts = useMemo(() => inReleaseOrder(value?.parts ?? []), [value?.parts]);

  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={value?.name ?? entry.params.title} hint={`in ${languageName(language)} · L changes`} />
      {picking ? (
        <ChoicePicker
          id={`${entry.key}:language`}
          title="Language of the collection (ISO 639-1)"
          choices={languageChoices()}
          current={language}
          height={height - 1}
          onChoose={(code) => {
            setPicking(false);
            if (code) setLanguage(code);
          }}
          onCancel={() => setPicking(false)}
        />
      ) : (
        <Loadable
          status={collection.status}
          error={collection.error}
          hasValue={value !== undefined}
          what="the collection"
          onRetry={collection.retry}
        >
          {value ? (
            <Box flexDirection="column" height={height - 1}>
              <Text wrap="truncate-end">
                <Text color={theme.muted}>Original name </Text>
                {original}
              </Text>
              {shownOverview.map((line, i) => (
                <Text key={i}>{line}</Text>
              ))}
              <Text bold>
                {value.parts?.length ?? 0} {value.parts?.length === 1 ? 'part' : 'parts'}
              </Text>
              <PreviewSplit<MovieListItem> width={width} height={partsHeight} renderPreview={moviePreview}>
                {(listWidth, highlight) => (
                  <ScrollList<MovieListItem>
                    id={`${entry.key}:parts`}
                    items={parts}
                    height={partsHeight}
                    getKey={(part) => part.id}
                    renderRow={(part) => movieRow(part, rowWidth(listWidth), true)}
                    onOpen={(part) => store.getState().nav.push('movies.detail', { id: part.id, title: movieTitle(part) })}
                    highlight={highlight}
                    emptyText="The collection has no parts."
                  />
                )}
              </PreviewSplit>
            </Box>
          ) : null}
        </Loadable>
      )}
    </Box>
  );
}

/**
 * A collection's parts by release date, the undated ones (not released yet) last: the service
 * keeps the order they were added in (The Rise of Skywalker above The Last Jedi).
 */
function inReleaseOrder(parts: readonly MovieListItem[]): MovieListItem[] {
  const dated = (part: MovieListItem) => (part.release_date && /^\d{4}-\d{2}-\d{2}/.test(part.release_date) ? part.release_date : undefined);
  return parts
    .map((part, index) => ({ part, index, date: dated(part) }))
    .sort((a, b) => (a.date === b.date ? a.index - b.index : a.date === undefined ? 1 : b.date === undefined ? -1 : a.date < b.date ? -1 : 1))
    .map(({ part }) => part);
}
