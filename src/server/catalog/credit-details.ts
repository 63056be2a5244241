import { type CastEntry, type CrewEntry, creditAddress } from './credit-slots.js';
import type { CatalogGenerator } from './generator.js';
import type { SeriesCore } from './series-core.js';

/**
 * One credit by its id (GET /3/credit/{credit_id}). The id reads back to the slot that made
 * it (credit-slots.ts); the title's own credits are drawn again and must hold that id, so an
 * id opens here exactly when a credits answer names it.
 */

type CastLike = Pick<CastEntry, 'personId' | 'character' | 'creditId'>;
type Credit = { kind: 'cast'; entry: CastLike } | { kind: 'crew'; entry: CrewEntry };

const creditOf = (cast: CastLike | undefined, crew: CrewEntry | undefined): Credit | undefined =>
  cast ? { kind: 'cast', entry: cast } : crew ? { kind: 'crew', entry: crew } : undefined;

function personOf(catalog: CatalogGenerator, personId: number) {
  return { ...catalog.people.credit(personId), media_type: 'person' as const };
}

function head(credit: Credit) {
  return credit.kind === 'cast'
    ? { credit_type: 'cast', department: 'Acting', job: 'Actor' }
    : { credit_type: 'crew', department: credit.entry.department, job: credit.entry.job };
}

function movieCredit(catalog: CatalogGenerator, id: string, movieId: number, today: number) {
  if (!catalog.movies.exists(movieId)) return undefined;
  const { cast, crew } = catalog.movies.cast.credits(movieId);
  const credit = creditOf(cast.find((entry) => entry.creditId === id), crew.find((entry) => entry.creditId === id));
  if (!credit) return undefined;
  const character = credit.kind === 'cast' ? { character: credit.entry.character } : {};
  return {
    ...head(credit),
    media: { ...catalog.movies.listItem(movieId, today), media_type: 'movie' as const, ...character },
    media_type: 'movie',
    id,
    person: personOf(catalog, credit.entry.personId),
  };
}

/** The episodes of a series whose own credits (guest stars, director, writer) hold the credit. */
function episodesWith(catalog: CatalogGenerator, core: SeriesCore, id: string, today: number) {
  const { series } = catalog;
  const plan = series.cast.plan(core);
  const out = [];
  for (const season of core.seasons) {
    for (let e = 1; e <= season.episodeCount; e++) {
      const { crew, guests } = series.cast.episode(core, season, e, plan);
      if ([...crew, ...guests].some((member) => member.creditId === id)) out.push(series.episodeSummary(core, season, e, today));
    }
  }
  return out;
}

function seriesCredit(catalog: CatalogGenerator, id: string, seriesId: number, today: number) {
  const { series } = catalog;
  if (!series.exists(seriesId)) return undefined;
  const core = series.core(seriesId);
  const plan = series.cast.plan(core);
  const regular = plan.regulars.find((entry) => entry.creditId === id);
  const guest = plan.guests.find((entry) => entry.creditId === id);
  const ownCrew = plan.crew.find((entry) => entry.creditId === id);
  const episodeCrew = [...plan.directors, ...plan.writers].find((entry) => entry.creditId === id);
  const credit = creditOf(regular ?? guest, ownCrew ?? episodeCrew);
  if (!credit) return undefined;
  // A regular is in every regular season from the one they join; the series' own crew in every
  // regular season; a guest, a director or a writer in the episodes that credit them.
  const seasonsFrom = regular ? regular.fromSeason : ownCrew ? 1 : undefined;
  const seasons =
    seasonsFrom === undefined
      ? []
      : core.seasons.filter((s) => s.number !== 0 && s.number >= seasonsFrom).map((s) => ({ ...series.seasonSummary(core, s, today), show_id: seriesId }));
  const episodes = seasonsFrom === undefined ? episodesWith(catalog, core, id, today) : [];
  const character = credit.kind === 'cast' ? { character: credit.entry.character } : {};
  return {
    ...head(credit),
    media: { ...series.listItem(seriesId, today, core), media_type: 'tv' as const, ...character, episodes, seasons },
    media_type: 'tv',
    id,
    person: personOf(catalog, credit.entry.personId),
  };
}

/** The credit an id names, or undefined when no credits answer of this catalog names it. */
export function creditDetails(catalog: CatalogGenerator, id: string, today: number) {
  const address = creditAddress(catalog.shape.seed, id);
  if (!address) return undefined;
  return address.family === 'movie-cast' || address.family === 'movie-crew'
    ? movieCredit(catalog, id, address.title, today)
    : seriesCredit(catalog, id, address.title, today);
}
