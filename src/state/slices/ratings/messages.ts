import { episodeLabel, type EpisodeRef, type WaitingReason } from './model.js';
import { formatRating } from './values.js';

/** The words of the ratings' toasts: what the user reads after a rating, a batch, an undo or a kept rating. */

export const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const NOT_CONNECTED = 'Not connected to the service yet.';
export const NO_GUEST_SESSION = 'Could not start a guest session.';
export const NO_SESSION_TO_CHANGE = 'No session to change ratings with.';

export const journalWriteFailed = (error: unknown) => `Could not keep the rating on this machine: ${errorText(error)}`;
export const journalReadFailed = (error: unknown) => `Could not read the ratings kept on this machine: ${errorText(error)}`;

export const rated = (episode: EpisodeRef, value: number) => `Rated ${episodeLabel(episode)}: ${formatRating(value)}`;
export const notRated = (episode: EpisodeRef) => `You have not rated ${episodeLabel(episode)}`;
export const notRatedOnService = (episode: EpisodeRef) => `You have not rated ${episodeLabel(episode)}: the service holds no rating of it now`;
export const deleted = (episode: EpisodeRef) => `Deleted your rating of ${episodeLabel(episode)}`;
export const deleteRefused = (episode: EpisodeRef, problem: string) => `${episodeLabel(episode)} keeps its rating: ${problem}`;

/** `what`: the rating ("8.0") or "the delete". */
export function keptWhileAway(episode: EpisodeRef, what: string, reason: WaitingReason | undefined): string {
  if (reason === 'expired') return `Your session has expired: ${episodeLabel(episode)} ${what} is kept on this machine and sent once you sign in again`;
  if (reason === 'busy') return `The service asks to slow down (too many requests): ${episodeLabel(episode)} ${what} is kept on this machine and sent in a moment`;
  return `The service does not answer: ${episodeLabel(episode)} ${what} is kept on this machine and sent when it does`;
}

export const undoNothingDone = (problem: string) => `Nothing was undone: ${problem}`;
export const NOTHING_TO_UNDO = 'Nothing to undo';
export const undoRefused = (newest: string, only: EpisodeRef) => `Nothing was taken back: your newest change is ${newest}, not ${episodeLabel(only)}`;
export const undoUnfinished = (label: string, problem: string) => `Undo of ${label} did not finish: ${problem}`;
/** What one episode holds after its undo (`value`), or nothing said when the undo took back several. */
export const undoneTo = (value: number | null | undefined) =>
  value === undefined ? '' : value === null ? ': not rated' : `: ${formatRating(value)} again`;
export const undoKept = (label: string, now: string) => `Undo of your rating of ${label}${now} is kept on this machine and sent when the service answers`;
export const undone = (label: string, now: string) => `Undid your rating of ${label}${now}`;

export const batchStopped = (written: number, of: number, at: EpisodeRef, problem: string) =>
  `Rated ${written} of ${of}; stopped at ${episodeLabel(at)}: ${problem}`;
export const batchKept = (written: number, of: number, keptCount: number, busy: boolean) =>
  `Rated ${written} of ${of}; ${busy ? 'the service asks to slow down (too many requests)' : 'the service does not answer'}, so ${plural(keptCount, 'rating')} ${keptCount === 1 ? 'is' : 'are'} kept on this machine and sent ${busy ? 'in a moment' : 'when it does'}`;
export function batchDone(written: number, keptAsSet: number, value: number): string {
  const kept = keptAsSet > 0 ? ` (${plural(keptAsSet, 'episode')} kept as you set ${keptAsSet === 1 ? 'it' : 'them'} since)` : '';
  return `Rated ${plural(written, 'episode')}: ${formatRating(value)}${kept}`;
}

export const keptTheirs = (episode: EpisodeRef, theirs: number | null) =>
  `${episodeLabel(episode)} keeps the service's ${theirs === null ? 'no rating' : formatRating(theirs)}`;
export const sentMine = (episode: EpisodeRef, mine: number | null) =>
  `${episodeLabel(episode)}: ${mine === null ? 'rating deleted' : `rated ${formatRating(mine)}`} over the service's`;
export const mineNotSent = (episode: EpisodeRef, problem: string) => `${episodeLabel(episode)} was not sent: ${problem}`;
export const keptRefused = (episode: EpisodeRef, problem: string) => `${episodeLabel(episode)} kept on this machine was refused: ${problem}`;
/** The toast after kept ratings were sent; undefined when none were. */
export function keptSent(ratings: number, deletes: number): string | undefined {
  const what = [ratings > 0 ? plural(ratings, 'rating') : '', deletes > 0 ? plural(deletes, 'delete') : ''].filter(Boolean).join(' and ');
  return what ? `Sent ${what} kept on this machine` : undefined;
}

export const accountRatingsFailed = (problem: string) => `Could not load your ratings: ${problem}`;
export const guestRatingsFailed = (problem: string) => `Could not load the guest session's ratings: ${problem}`;
