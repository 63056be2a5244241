import { movieName, personName, seriesName } from './names.js';
import type { AggregateCredits, CombinedCredits, MovieCredits } from '../../contract/index.js';

/**
 * Cast and crew, and filmographies, as rows to list: each row leads somewhere (a person, a
 * film, a series) and says in what part. Old records lack many fields; a row needs only its id.
 */

/** A person in a title's credits. */
export interface CreditRow {
  readonly key: string;
  readonly personId: number;
  readonly name: string;
  readonly section: 'cast' | 'crew';
  /** "as Mira Holm", "Director (Directing)", "Writer, Director (Writing)". */
  readonly part: string;
  /** A series: the episodes the person is in. */
  readonly episodes?: number;
}

const asCharacter = (character: string | null | undefined) => (character ? `as ${character}` : 'cast');
const jobIn = (job: string | null | undefined, department: string | null | undefined) =>
  [job || 'crew', department ? `(${department})` : ''].filter(Boolean).join(' ');

/** A film's cast, in billing order, then its crew. */
export function movieCreditRows(credits: MovieCredits): CreditRow[] {
  const cast = [...(credits.cast ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  return [
    ...cast.map((member, i): CreditRow => ({
      key: `cast:${member.credit_id ?? i}`, personId: member.id, name: personName(member), section: 'cast', part: asCharacter(member.character),
    })),
    ...(credits.crew ?? []).map((member, i): CreditRow => ({
      key: `crew:${member.credit_id ?? i}`, personId: member.id, name: personName(member), section: 'crew', part: jobIn(member.job, member.department),
    })),
  ];
}

/** Everyone in a series: the cast with every character, the crew with every job, and their episode counts. */
export function aggregateCreditRows(credits: AggregateCredits): CreditRow[] {
  const cast = [...(credits.cast ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  return [
    ...cast.map((member, i): CreditRow => ({
      key: `cast:${member.id}:${i}`,
      personId: member.id,
      name: personName(member),
      section: 'cast',
      part: asCharacter((member.roles ?? []).map((role) => role.character).filter(Boolean).join(' / ')),
      episodes: member.total_episode_count ?? undefined,
    })),
    ...(credits.crew ?? []).map((member, i): CreditRow => ({
      key: `crew:${member.id}:${i}`,
      personId: member.id,
      name: personName(member),
      section: 'crew',
      part: jobIn((member.jobs ?? []).map((job) => job.job).filter(Boolean).join(', '), member.department),
      episodes: member.total_episode_count ?? undefined,
    })),
  ];
}

export type FilmographyOrder = 'date' | 'popularity';

/** A film or series in a person's filmography, with every part the person had in it. */
export interface FilmographyRow {
  readonly key: string;
  readonly kind: 'movie' | 'tv';
  readonly id: number;
  readonly title: string;
  /** YYYY-MM-DD, or '' when not known. */
  readonly date: string;
  readonly popularity: number;
  readonly parts: readonly string[];
  /** A series: the most episodes one of the parts counts. */
  readonly episodes?: number;
}

type Credit = NonNullable<CombinedCredits['cast']>[number] | NonNullable<CombinedCredits['crew']>[number];

function titleOf(credit: Credit): { title: string; date: string } {
  if (credit.media_type === 'movie') return { title: movieName(credit), date: credit.release_date ?? '' };
  return { title: seriesName(credit), date: credit.first_air_date ?? '' };
}

/**
 * A person's films and series, one row each (a person who acted in and directed a film has one
 * row with both parts), newest first or most popular first; unknown dates go last.
 */
export function filmographyRows(credits: CombinedCredits, order: FilmographyOrder): FilmographyRow[] {
  const rows = new Map<string, { row: Omit<FilmographyRow, 'parts'>; parts: string[] }>();
  const add = (credit: Credit, part: string) => {
    const key = `${credit.media_type}:${credit.id}`;
    const found = rows.get(key);
    const episodes = 'episode_count' in credit && typeof credit.episode_count === 'number' ? credit.episode_count : undefined;
    if (found) {
      if (!found.parts.includes(part)) found.parts.push(part);
      if (episodes !== undefined) found.row = { ...found.row, episodes: Math.max(found.row.episodes ?? 0, episodes) };
      return;
    }
    const { title, date } = titleOf(credit);
    rows.set(key, {
      row: { key, kind: credit.media_type, id: credit.id, title, date, popularity: credit.popularity ?? 0, episodes },
      parts: [part],
    });
  };
  for (const credit of credits.cast ?? []) add(credit, asCharacter(credit.character));
  for (const credit of credits.crew ?? []) add(credit, credit.job || 'crew');
  const list = [...rows.values()].map(({ row, parts }): FilmographyRow => ({ ...row, parts }));
  const byTitle = (a: FilmographyRow, b: FilmographyRow) => a.title.localeCompare(b.title) || a.key.localeCompare(b.key);
  return list.sort((a, b) => {
    if (order === 'popularity') return b.popularity - a.popularity || byTitle(a, b);
    if (a.date === b.date) return byTitle(a, b);
    if (!a.date) return 1;
    if (!b.date) return -1;
    return a.date < b.date ? 1 : -1;
  });
}
