import { Text } from 'ink';
import { Matched } from '../../components/ScrollList.js';
import type { EpisodeDetails } from '../../../contract/index.js';
import { formatRating } from '../../../state/index.js';
import { fit, formatDate, formatRuntime, formatVote } from '../../format.js';
import type { Theme } from '../../theme.js';

/**
 * The columns of a season's episode list:
 *   #  Episode                          Aired        Length  Vote         Mine
 *   2  Chapter 37: Mosaic               27 Apr 2026  58m     8.6 (164)    7.5
 */
const NUMBER = 3;
const AIRED = 11;
const LENGTH = 6;
const VOTE = 11;
const MINE = 5;
const GAPS = 2 * 5;
const FIXED = NUMBER + AIRED + LENGTH + VOTE + MINE + GAPS;

/** My rating of one row: saved, or being saved (null: being deleted). */
export interface RowRating {
  readonly value?: number;
  readonly pending?: number | null;
}

const nameWidth = (width: number) => Math.max(8, width - FIXED);

function columns(number: string, name: string, aired: string, length: string, vote: string, width: number): string {
  return [number.padStart(NUMBER), fit(name, nameWidth(width)), afterName(aired, length, vote)].join('  ');
}

function afterName(aired: string, length: string, vote: string): string {
  return [fit(aired, AIRED), fit(length, LENGTH), fit(vote, VOTE)].join('  ');
}

/** What `/` filters a season's episodes by: the name, as its column shows it. */
export function episodeFilterText(episode: EpisodeDetails): string {
  return episode.name || 'untitled';
}

export function episodeHeader(width: number): string {
  return `${columns('#', 'Episode', 'Aired', 'Length', 'Vote', width)}  ${'Mine'.padStart(MINE)}`;
}

export function EpisodeRow({
  episode,
  rating,
  marked = false,
  matched,
  selected = false,
  width,
  theme,
}: {
  episode: EpisodeDetails;
  rating: RowRating;
  /** In the selection to rate at once: a + before the number. */
  marked?: boolean;
  /** Under the `/` filter: the characters of the name it matched (episodeFilterText). */
  matched?: readonly number[];
  selected?: boolean;
  width: number;
  theme: Theme;
}) {
  const name = fit(episodeFilterText(episode), nameWidth(width));
  const text = [
    `${marked ? '+' : ''}${episode.episode_number}`.padStart(NUMBER),
    matched ? <Matched key="name" text={name} positions={matched} selected={selected} /> : name,
    afterName(
      episode.air_date ? formatDate(episode.air_date) : '—',
      episode.runtime ? formatRuntime(episode.runtime) : '—',
      formatVote(episode.vote_average, episode.vote_count),
    ),
  ].flatMap((part, i) => (i === 0 ? [part] : ['  ', part]));
  const mine =
    rating.pending !== undefined ? (
      <Text color={theme.muted}>{`${rating.pending === null ? '·' : formatRating(rating.pending)}…`.padStart(MINE)}</Text>
    ) : rating.value !== undefined ? (
      <Text color={theme.success} bold>
        {formatRating(rating.value).padStart(MINE)}
      </Text>
    ) : (
      <Text color={theme.muted}>{'·'.padStart(MINE)}</Text>
    );
  return (
    <Text>
      {text}
      {'  '}
      {mine}
    </Text>
  );
}
