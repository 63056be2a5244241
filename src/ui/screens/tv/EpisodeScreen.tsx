import { Box } from 'ink';
import { useMemo, useState } from 'react';
import type { EpisodeDetails, EpisodeExternalIds, EpisodeImages, ImageEntry } from '../../../contract/index.js';
import { imageLanguagesFor } from '../../../contract/locale.js';
import { episodeRefKey, formatRating, imageAddress, imdbAddress, myRating, personName, type QueryState, tvdbAddress, wikidataAddress } from '../../../state/index.js';
import { unavailable, useCommands } from '../../commands.js';
import { DocumentView } from '../../components/DocumentView.js';
import { BesidePicture } from '../../components/Picture.js';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { ENGLISH_MARK, formatCount, formatDate, formatRuntime, formatVote, inEnglish, languageName } from '../../format.js';
import { useEpisodeScreenRecord, useMyEpisodeRatings, useOperation } from '../../queries.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { openPerson } from '../people/links.js';
import { keyHint } from '../../keymap.js';
import { hintLine } from '../../hints.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps } from '../screen.js';
import { DocBuilder, docWidth } from './doc.js';
import type { EpisodeParams } from './params.js';
import { RATING_PANEL_ROWS, RatingPanel } from './RatingPanel.js';
import { stepToEpisode, useEpisodeNeighbours } from './neighbours.js';
import { useRatingForm } from './useRatingForm.js';

/**
 * The stills filter, as the include_image_language values it sends: the content language's
 * with the untagged ones (undefined: what every image read is asked with), English's with the
 * untagged ones ("en,null"), and the untagged ones only ("null").
 */
export function stillLanguageChoices(contentLanguage: string): (string | undefined)[] {
  const english = imageLanguagesFor('en');
  return [undefined, ...(imageLanguagesFor(contentLanguage) === english ? [] : [english]), 'null'];
}

export function describeStillLanguages(languages: string | undefined, contentLanguage: string): string {
  if (languages === undefined) return describeStillLanguages(imageLanguagesFor(contentLanguage), contentLanguage);
  if (languages === 'null') return 'untagged only';
  const names = languages.split(',').map((code) => (code === 'null' ? 'untagged' : languageName(code)));
  return names.join(' + ');
}

/** The labels the external catalogs go by (E19's fields are named after them), and their pages where they still have some. */
const EXTERNAL_IDS: readonly [label: string, field: keyof EpisodeExternalIds, page?: (id: string) => string | undefined][] = [
  ['IMDb', 'imdb_id', imdbAddress],
  ['TheTVDB', 'tvdb_id', (id) => tvdbAddress('episode', id)],
  ['TVRage', 'tvrage_id'],
  ['Wikidata', 'wikidata_id', wikidataAddress],
  ['Freebase ID', 'freebase_id'],
  ['Freebase MID', 'freebase_mid'],
];

/**
 * One episode (episodeDetails): facts, overview, crew and guest stars, my rating (r / d, as on
 * the season's rows), the external catalogs' ids (E19) and the stills (E10) with a language
 * filter that can include untagged stills. Enter on a still opens it in the browser.
 */
export function EpisodeScreen({ entry, width, height }: ScreenProps<EpisodeParams>) {
  const store = useAppStore();
  const { seriesId, season, episode: number } = entry.params;
  const ref = useMemo(() => ({ seriesId, season, episode: number }), [seriesId, season, number]);
  const path = { series_id: ref.seriesId, season_number: ref.season, episode_number: ref.episode };
  const episode = useEpisodeScreenRecord(path);
  const [languages, setLanguages] = useState<string | undefined>(undefined);
  const contentLanguage = useAppState((s) => s.settings.language.value);
  // `languages` as include_image_language ("en,null", "null"); undefined asks in the content language.
  const stills = useOperation('episodeImages', { path, query: languages === undefined ? {} : { include_image_language: languages } });
  const externalIds = useOperation('episodeExternalIds', { path });
  const configuration = useAppState((s) => s.connection.configuration);
  // My rating of it, as the service holds it: loaded here too when the season was not opened first.
  useMyEpisodeRatings(seriesId, season);
  const mine = useAppState((s) => myRating(s, ref));
  const pending = useAppState((s) => s.ratings.pending[episodeRefKey(ref)]);

  const episodes = useMemo(() => [ref], [ref]);
  // One episode: there is no cursor to move.
  const rating = useRatingForm(episodes, () => {});
  const choices = stillLanguageChoices(contentLanguage);
  const loaded = episode.data !== undefined && episode.status !== 'error';
  const failedParts = stills.status === 'error' || externalIds.status === 'error';
  const neighbours = useEpisodeNeighbours(seriesId, season, number);
  const nav = () => store.getState().nav;
  useCommands(
    'screen',
    ['tv.episode', 'tv.rating', 'tv.parts'],
    {
      'tv.stillLanguages': () => setLanguages(choices[(choices.indexOf(languages) + 1) % choices.length]),
      'rating.open': () => rating.open(0),
      'rating.delete': () => store.getState().ratings.askDelete(ref),
      'rating.undo': () => void store.getState().ratings.undo(),
      'episode.next': neighbours.next
        ? () => stepToEpisode(nav(), store.getState().nav.stacks[nav().tab], neighbours.next!)
        : unavailable(neighbours.known ? 'This is the last episode of the series' : 'The season is still loading'),
      'episode.previous': neighbours.previous
        ? () => stepToEpisode(nav(), store.getState().nav.stacks[nav().tab], neighbours.previous!)
        : unavailable(neighbours.known ? 'This is the first episode of the series' : 'The season is still loading'),
      'tv.retryPart': failedParts
        ? () => {
            if (stills.status === 'error') stills.retry();
            if (externalIds.status === 'error') externalIds.retry();
          }
        : undefined,
    },
    loaded,
  );

  const value = episode.data;
  const bodyHeight = Math.max(3, height - 1 - RATING_PANEL_ROWS);
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={value ? `S${value.season_number} E${value.episode_number}${value.name ? ` · ${value.name}` : ''}` : entry.params.title} />
      <Loadable status={episode.status} error={episode.error} hasValue={value !== undefined} what="the episode" onRetry={episode.retry}>
        {value ? (
          <Box flexDirection="column" height={height - 1}>
            <BesidePicture kind="still" filePath={value.still_path} what="still" width={width} height={bodyHeight}>
              {(textWidth) => (
                <EpisodeDocument
                  entryKey={entry.key}
                  episode={value}
                  width={textWidth}
                  height={bodyHeight}
                  rating={pending === null ? 'none (deleting…)' : pending !== undefined ? `${formatRating(pending)} (saving…)` : mine !== undefined ? formatRating(mine) : undefined}
                  externalIds={externalIds}
                  stills={stills}
                  languages={languages}
                  contentLanguage={contentLanguage}
                  stillAddress={(still) => imageAddress(configuration, 'still', still.file_path)}
                  openPerson={(id, name) => openPerson(store, id, name)}
                />
              )}
            </BesidePicture>
            <RatingPanel
              rating={rating}
              describe={() => (value.name ? `“${value.name}”` : `S${value.season_number} E${value.episode_number}`)}
              idleHint={hintLine(
                ['rating.open', 'rates this episode'],
                ['rating.delete', 'deletes your rating'],
                ['episode.next', 'next episode'],
                ['episode.previous', 'previous'],
                ['tv.stillLanguages', "stills' languages"],
                ['list.open', 'opens a link'],
                ['address.copy', 'copies its address'],
              )}
            />
          </Box>
        ) : null}
      </Loadable>
    </Box>
  );
}

interface EpisodeDocumentProps {
  readonly entryKey: string;
  readonly episode: EpisodeDetails;
  readonly width: number;
  readonly height: number;
  readonly rating: string | undefined;
  readonly externalIds: QueryState<EpisodeExternalIds>;
  readonly stills: QueryState<EpisodeImages>;
  readonly languages: string | undefined;
  readonly contentLanguage: string;
  /** A still's address at its original size; undefined when the configuration refuses one. */
  readonly stillAddress: (still: ImageEntry) => string | undefined;
  /** Enter on a crew member or a guest star follows them to their page. */
  readonly openPerson: (id: number, name: string) => void;
}

function EpisodeDocument(props: EpisodeDocumentProps) {
  const theme = useTheme();
  const { episode } = props;
  const doc = new DocBuilder(docWidth(props.width), theme);

  doc.text(
    'facts',
    [
      `aired ${formatDate(episode.air_date)}`,
      episode.runtime ? formatRuntime(episode.runtime) : 'runtime unknown',
      episode.episode_type,
      episode.production_code ? `production code ${episode.production_code}` : '',
      `id ${episode.id}`,
    ]
      .filter(Boolean)
      .join(' · '),
  );
  doc.field('Vote', formatVote(episode.vote_average, episode.vote_count));
  doc.field('My rating', props.rating, 'not rated (r rates it)');
  doc.blank();
  if (inEnglish(episode, 'overview')) doc.text('overview-english', `Overview ${ENGLISH_MARK}`, 0, theme.muted);
  doc.text('overview', episode.overview || 'No overview.');
  doc.blank();

  const crew = episode.crew ?? [];
  doc.heading('crew', 'Crew', crew.length === 0 ? 'none listed' : `(${formatCount(crew.length)})`);
  // One line each, cut at the width: Enter on it opens the person.
  crew.forEach((member, i) => {
    const name = personName(member);
    const role = [member.job, member.department ? `(${member.department})` : ''].filter(Boolean).join(' ');
    doc.line(`crew:${i}`, `  ${role ? `${name} · ${role}` : name}`, () => props.openPerson(member.id, name));
  });
  const guests = episode.guest_stars ?? [];
  doc.heading('guests', 'Guest stars', guests.length === 0 ? 'none listed' : `(${formatCount(guests.length)})`);
  guests.forEach((guest, i) => {
    const name = personName(guest);
    doc.line(`guest:${i}`, `  ${guest.character ? `${name} as ${guest.character}` : name}`, () => props.openPerson(guest.id, name));
  });
  doc.blank();

  doc.heading('ids', 'External ids');
  const ids = props.externalIds;
  if (ids.status === 'error') {
    doc.text('ids:error', `Could not load them (${keyHint('tv.retryPart')} tries again): ${ids.error?.message ?? 'failed'}`, 2, theme.danger);
  } else if (!ids.data) {
    doc.text('ids:loading', 'loading…', 2, theme.muted);
  } else {
    for (const [label, field, page] of EXTERNAL_IDS) {
      const value = ids.data[field];
      const id = value === null || value === undefined || value === '' ? undefined : String(value);
      const url = id === undefined ? undefined : page?.(id);
      doc.field(`  ${label}`, id, 'not known', url ? { url, what: `the ${label} page` } : undefined);
    }
  }
  doc.blank();

  const stills = props.stills;
  const filter = props.languages === undefined ? '' : ` (include_image_language=${props.languages})`;
  doc.heading('stills', 'Stills', `· ${describeStillLanguages(props.languages, props.contentLanguage)}${filter} · ${keyHint('tv.stillLanguages')} changes`);
  if (stills.status === 'error') {
    doc.text('stills:error', `Could not load them (${keyHint('tv.retryPart')} tries again): ${stills.error?.message ?? 'failed'}`, 2, theme.danger);
  } else if (!stills.data) {
    doc.text('stills:loading', 'loading…', 2, theme.muted);
  } else if ((stills.data.stills ?? []).length === 0) {
    doc.text(
      'stills:none',
      `None with this language filter: an episode has stills once it has aired (${keyHint('tv.stillLanguages')} changes the filter).`,
      2,
      theme.muted,
    );
  } else {
    (stills.data.stills ?? []).forEach((still, i) => {
      const url = props.stillAddress(still);
      const language = still.iso_639_1 ? languageName(still.iso_639_1) : 'untagged';
      const vote = still.vote_count ? `vote ${formatVote(still.vote_average, still.vote_count)}` : 'no votes';
      const address = url ? { url, what: 'the still' } : undefined;
      // The address has a line of its own: it is what people copy, so it must not be cut.
      doc.line(`still:${i}`, `  ${i + 1}. ${still.width}×${still.height} · ${language} · ${vote}`, undefined, address);
      doc.line(`still:${i}:address`, `     ${url ?? `${still.file_path} (no address: the image configuration refuses it)`}`, undefined, address);
    });
  }

  return <DocumentView id={`${props.entryKey}:document`} lines={doc.lines} height={props.height} />;
}
