import { Text } from 'ink';
import type { EpisodeDetails } from '../../../contract/index.js';
import { formatRating, myRating } from '../../../state/index.js';
import { formatCount, formatDate, formatRuntime, formatVote, printable, truncate } from '../../format.js';
import { PreviewBody } from '../../components/PreviewSplit.js';
import { WithPicture } from '../../components/Picture.js';
import { useAppState } from '../../store-context.js';
import { useTheme } from '../../theme.js';

/** Who directed and wrote an episode, from its crew: "Directed by A · Written by B, C". */
function madeBy(episode: EpisodeDetails): string {
  const crew = episode.crew ?? [];
  const names = (job: string) => [...new Set(crew.filter((member) => member.job === job).map((member) => member.name).filter(Boolean))].join(', ');
  const directed = names('Director');
  const written = names('Writer') || names('Screenplay');
  return [directed ? `Directed by ${directed}` : '', written ? `Written by ${written}` : ''].filter(Boolean).join(' · ');
}

/**
 * An episode of a season in the preview pane: its name and number, when it aired, how long it
 * runs, the vote, my rating (as the list knows it: no request), who made it and its overview.
 */
export function EpisodePreview({ episode, seriesId, width, height }: { episode: EpisodeDetails; seriesId: number; width: number; height: number }) {
  const theme = useTheme();
  const mine = useAppState((s) => myRating(s, { seriesId, season: episode.season_number ?? 0, episode: episode.episode_number ?? 0 }));
  const people = madeBy(episode);
  const guests = episode.guest_stars?.length ?? 0;
  const facts = [
    <Text key="name" bold wrap="truncate-end">
      {truncate(printable(episode.name || 'untitled'), width)}
    </Text>,
    <Text key="number" color={theme.muted}>
      S{episode.season_number ?? '?'} E{episode.episode_number ?? '?'} · {episode.air_date ? `aired ${formatDate(episode.air_date)}` : 'air date not known'} ·{' '}
      {formatRuntime(episode.runtime)}
    </Text>,
    <Text key="vote">Vote {formatVote(episode.vote_average, episode.vote_count)}</Text>,
    <Text key="mine" color={mine === undefined ? theme.muted : theme.success}>
      {mine === undefined ? 'Not rated by you' : `Your rating ${formatRating(mine)}`}
    </Text>,
    ...(people ? [<Text key="people" color={theme.muted} wrap="truncate-end">{truncate(printable(people), width)}</Text>] : []),
    ...(guests > 0 ? [<Text key="guests" color={theme.muted}>{formatCount(guests)} guest star{guests === 1 ? '' : 's'}</Text>] : []),
  ];
  return (
    <WithPicture kind="still" filePath={episode.still_path} what="still" width={width} height={height}>
      {(room) => <PreviewBody facts={facts} text={episode.overview || 'No overview.'} width={width} height={room} />}
    </WithPicture>
  );
}
