import { Box, Text } from 'ink';
import { homepageAddress, imageAddress, regionName, type QueryState } from '../../../state/index.js';
import type { EpisodeSummary, ResponseOf, TvDetails } from '../../../contract/index.js';
import { EPISODE_GROUP_TYPE_NAMES } from '../../../contract/vocabulary.js';
import { useCommands } from '../../commands.js';
import { DocumentView } from '../../components/DocumentView.js';
import { ENGLISH_MARK, fit, formatCount, formatDate, formatDecimal, formatRuntime, formatVote, inEnglish, languageName, printable } from '../../format.js';
import { useOperation } from '../../queries.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { hintLine } from '../../hints.js';
import { keyHint } from '../../keymap.js';
import { useTheme } from '../../theme.js';
import { DocBuilder, docWidth, LABEL_WIDTH } from './doc.js';
import { episodeParams, seasonName, seasonParams } from './params.js';

type Keywords = ResponseOf<'tvKeywords'>;

/** The names given, joined; old records may lack a list, or names in it. */
const list = (items: readonly (string | null | undefined)[] | null | undefined) => (items ?? []).filter(Boolean).join(', ');

/** 1 -> "1 season", 2 -> "2 seasons" */
export const plural = (count: number, word: string) => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;

/** "S2 E5 “Chapter 40: Voyage” · 17 Nov 2026 · 56m · vote 5.6 (199)" */
export function episodeSummaryLine(episode: EpisodeSummary): string {
  const parts = [
    `S${episode.season_number} E${episode.episode_number} “${episode.name || 'untitled'}”`,
    formatDate(episode.air_date),
    episode.runtime ? formatRuntime(episode.runtime) : '',
    episode.vote_count ? `vote ${formatVote(episode.vote_average, episode.vote_count)}` : '',
    episode.episode_type && episode.episode_type !== 'standard' ? episode.episode_type : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * Everything the service says about a series (spec 2.4) and its keywords (E15), as a document
 * read with a cursor line. Seasons, and the last and next episodes, are links: Enter opens them.
 * The cursor starts on the first regular season, so Enter right away opens season 1.
 */
export function SeriesDocument({ series, entryKey, width, height }: { series: TvDetails; entryKey: string; width: number; height: number }) {
  const store = useAppStore();
  const theme = useTheme();
  const configuration = useAppState((s) => s.connection.configuration);
  const keywords = useOperation('tvKeywords', { path: { series_id: series.id } });
  const groups = useOperation('seriesEpisodeGroups', { path: { series_id: series.id } });
  const failed = [keywords, groups].filter((part) => part.status === 'error');
  useCommands('screen', ['tv.parts'], {
    'tv.retryPart': failed.length > 0 ? () => failed.forEach((part) => part.retry()) : undefined,
  });

  const nav = () => store.getState().nav;
  const doc = new DocBuilder(docWidth(width), theme);

  if (series.original_name && series.original_name !== series.name) {
    doc.text('original', `Original name: ${series.original_name}${series.original_language ? ` (${languageName(series.original_language)})` : ''}`, 0, theme.muted);
  }
  if (series.tagline) doc.text('tagline', `“${series.tagline}”${inEnglish(series, 'tagline') ? ` ${ENGLISH_MARK}` : ''}`);
  doc.text(
    'status',
    [series.status || 'status unknown', series.type, series.in_production == null ? '' : series.in_production ? 'in production' : 'not in production', `id ${series.id}`]
      .filter(Boolean)
      .join(' · '),
  );
  doc.text(
    'dates',
    [
      `first aired ${formatDate(series.first_air_date)}`,
      `last aired ${formatDate(series.last_air_date)}`,
      series.number_of_seasons != null ? plural(series.number_of_seasons, 'season') : 'seasons unknown',
      series.number_of_episodes != null ? plural(series.number_of_episodes, 'episode') : 'episodes unknown',
    ].join(' · '),
  );
  doc.text('vote', `vote ${formatVote(series.vote_average, series.vote_count)} · popularity ${formatDecimal(series.popularity)}`);
  doc.blank();
  if (inEnglish(series, 'overview')) doc.text('overview-english', `Overview ${ENGLISH_MARK}`, 0, theme.muted);
  doc.text('overview', series.overview || 'No overview.');
  doc.blank();

  const seasons = series.seasons ?? [];
  doc.heading('seasons', 'Seasons', seasons.length === 0 ? '· none listed' : `· ${hintLine(['list.open', 'opens one'])}`);
  let regularSeason = false;
  // Where the cursor starts: the first regular season (specials are season 0), else the first.
  let firstSeasonLine = -1;
  for (const season of seasons) {
    if (firstSeasonLine < 0 || (season.season_number > 0 && !regularSeason)) {
      firstSeasonLine = doc.lines.length;
      regularSeason = season.season_number > 0;
    }
    const details = [
      season.episode_count != null ? plural(season.episode_count, 'episode') : 'episodes unknown',
      season.air_date ? `from ${formatDate(season.air_date)}` : 'not aired yet',
      season.vote_average ? `vote ${season.vote_average.toFixed(1)}` : '',
    ].filter(Boolean);
    doc.line(
      `season:${season.season_number}`,
      `${seasonName(season).padEnd(12)} ${details.join(' · ')}`,
      () => nav().push('tv.season', seasonParams(series, season)),
    );
  }
  doc.blank();

  const episodeLink = (label: string, episode: EpisodeSummary | null | undefined) => {
    if (!episode) return doc.field(label, undefined, 'none');
    doc.line(
      `episode:${label}`,
      <Text>
        <Text color={theme.muted}>{label.padEnd(LABEL_WIDTH)}</Text>
        {episodeSummaryLine(episode)}
      </Text>,
      () => nav().push('tv.episode', episodeParams(series.id, episode)),
    );
    return doc;
  };
  episodeLink('Last episode', series.last_episode_to_air);
  episodeLink('Next episode', series.next_episode_to_air);
  doc.blank();
  episodeGroupLines(doc, groups, theme.muted, (group) =>
    nav().push('tv.episodeGroup', { id: group.id, seriesId: series.id, title: group.name || 'Episode group' }),
  );

  doc.field('Genres', list(series.genres?.map((g) => g.name)));
  doc.field('Created by', list(series.created_by?.map((c) => c.name)));
  // Each network is a link: Enter opens it, with the series it airs.
  const networks = (series.networks ?? []).filter((n) => n.name);
  if (networks.length === 0) doc.field('Networks', undefined);
  networks.forEach((n, i) =>
    doc.line(
      `network:${n.id}`,
      <Text>
        <Text color={theme.muted}>{(i === 0 ? 'Networks' : '').padEnd(LABEL_WIDTH)}</Text>
        {n.origin_country ? `${n.name} (${regionName(n.origin_country)})` : n.name} <Text color={theme.muted}>›</Text>
      </Text>,
      () => nav().push('tv.network', { id: n.id, title: n.name ?? `Network ${n.id}` }),
    ),
  );
  doc.field('Episode length', list(series.episode_run_time?.map((m) => formatRuntime(m))), 'not known');
  doc.field('Origin', list(series.origin_country?.map(regionName)));
  doc.field('Orig. language', series.original_language ? languageName(series.original_language) : undefined);
  doc.field('Languages', list(series.languages?.map(languageName)));
  doc.field('Spoken', list(series.spoken_languages?.map((l) => l.english_name || l.name || languageName(l.iso_639_1))));
  doc.field(
    'Companies',
    list(series.production_companies?.map((c) => (c.origin_country && c.name ? `${c.name} (${regionName(c.origin_country)})` : c.name))),
  );
  doc.field('Countries', list(series.production_countries?.map((c) => (c.iso_3166_1 ? regionName(c.iso_3166_1) : c.name))));
  const homepage = homepageAddress(series.homepage);
  doc.field('Homepage', series.homepage ?? undefined, 'none', homepage ? { url: homepage, what: 'the homepage' } : undefined);
  doc.field('Adult', series.adult == null ? 'unknown' : series.adult ? 'yes' : 'no');
  // Each keyword is a link, as a network is: Enter opens the series that carry it.
  const keywordList = keywords.data?.results?.filter((k) => k.name) ?? [];
  if (keywordList.length === 0) doc.field('Keywords', keywordsText(keywords), 'none');
  keywordList.forEach((k, i) =>
    doc.line(
      `keyword:${k.id}`,
      <Text>
        <Text color={theme.muted}>{(i === 0 ? 'Keywords' : '').padEnd(LABEL_WIDTH)}</Text>
        {k.name} <Text color={theme.muted}>›</Text>
      </Text>,
      () => nav().push('movies.keyword', { id: k.id, title: k.name!, kind: 'tv' }),
    ),
  );

  const imageLine = (label: string, kind: 'poster' | 'backdrop', path: string | null | undefined) => {
    const url = path ? imageAddress(configuration, kind, path) : undefined;
    if (!url) return doc.field(label, path ?? undefined, 'none');
    doc.line(
      `image:${kind}`,
      <Text>
        <Text color={theme.muted}>{label.padEnd(LABEL_WIDTH)}</Text>
        {url}
      </Text>,
      undefined,
      { url, what: `the ${kind}` },
    );
    return doc;
  };
  imageLine('Poster', 'poster', series.poster_path);
  imageLine('Backdrop', 'backdrop', series.backdrop_path);

  // The series opens at its top (tagline, status, first air date), on its first season when that
  // is in the first view; on a short terminal the seasons are a j away, not the top a k away.
  const firstView = doc.lines.length > height ? height - 1 : height;
  const initialLine = firstSeasonLine >= 0 && firstSeasonLine < firstView ? firstSeasonLine : 0;
  return (
    <Box flexDirection="column" height={height}>
      <DocumentView id={`${entryKey}:series`} lines={doc.lines} height={height} initialLine={initialLine} linksOnly />
    </Box>
  );
}

/** The series' episode groups (DVD order, story arcs...), each a link to its episodes in that order. */
function episodeGroupLines(
  doc: DocBuilder,
  groups: QueryState<ResponseOf<'seriesEpisodeGroups'>>,
  muted: string | undefined,
  open: (group: { id: string; name?: string | null }) => void,
) {
  const found = groups.data?.results ?? [];
  if (groups.status === 'error') {
    doc.field('Episode groups', `could not load them (${keyHint('tv.retryPart')} to retry): ${groups.error?.message ?? 'failed'}`);
  } else if (!groups.data) {
    doc.field('Episode groups', 'loading…');
  } else if (found.length === 0) {
    doc.field('Episode groups', 'none');
  } else {
    doc.heading('episode-groups', 'Episode groups', `· ${hintLine(['list.open', 'opens one'])}`);
    const rows = found.map((group) => {
      const kind = group.type != null ? EPISODE_GROUP_TYPE_NAMES[group.type] : undefined;
      // The counts first: on a narrow screen (a picture beside) the kind is what gets cut.
      const about = [group.episode_count != null ? plural(group.episode_count, 'episode') : '', group.group_count != null ? plural(group.group_count, 'part') : '', kind]
        .filter(Boolean)
        .join(' · ');
      return { group, name: printable(group.name || 'Untitled group'), about };
    });
    // Names as long as the longest, but cut before the counts are: the service's names run long
    // ("DVD order with double episodes in single files.").
    const longestAbout = Math.max(...rows.map((row) => row.about.length));
    const nameWidth = Math.max(LABEL_WIDTH, Math.min(Math.max(...rows.map((row) => row.name.length)), doc.width - longestAbout - 1));
    for (const { group, name, about } of rows) {
      doc.line(
        `episode-group:${group.id}`,
        <Text>
          {fit(name, nameWidth)} <Text color={muted}>{about}</Text>
        </Text>,
        () => open(group),
      );
    }
  }
  doc.blank();
}

function keywordsText(keywords: QueryState<Keywords>): string {
  // A 404: the service has none for this series, and asking again finds none.
  if (keywords.status === 'error' && keywords.error?.httpStatus === 404) return 'none (the service has none for this series)';
  if (keywords.status === 'error') return `could not load them (${keyHint('tv.retryPart')} to retry): ${keywords.error?.message ?? 'failed'}`;
  if (!keywords.data) return 'loading…';
  return 'none';
}
