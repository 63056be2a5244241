import { type CastEntry, type CrewEntry, type CrewJob, SlotSpace, creditId, inventCharacter } from './credit-slots.js';
import { type Random, stream } from './random.js';
import { airOffset, type SeasonPlan, type SeriesCore } from './series-core.js';
import type { CatalogShape } from './shape.js';

/**
 * Who works on a series. Regulars play in every regular episode from the season they join; the
 * series' own crew counts for every episode; each episode has a director and a writer from the
 * series' pools and a few guest stars from its pool of guests. Aggregate credits add these up.
 */

/** Crew of the whole series, one slot each. */
export const SERIES_CREW: readonly CrewJob[] = [
  { department: 'Production', job: 'Executive Producer', chance: 1 },
  { department: 'Production', job: 'Executive Producer', chance: 0.6 },
  { department: 'Production', job: 'Casting', chance: 0.5 },
  { department: 'Sound', job: 'Original Music Composer', chance: 0.8 },
  { department: 'Camera', job: 'Director of Photography', chance: 0.6 },
];

const MAX_REGULARS = 8;
const MAX_DIRECTORS = 4;
const MAX_WRITERS = 4;
const MAX_GUESTS = 10;
const MAX_GUESTS_PER_EPISODE = 4;

interface Regular extends CastEntry {
  /** The first regular season (its number) the person is in. */
  readonly fromSeason: number;
}

interface Guest {
  readonly personId: number;
  readonly character: string;
  readonly creditId: string;
}

/** What a series draws once: its regulars, its own crew and its pools. */
export interface SeriesCastPlan {
  readonly regulars: Regular[];
  readonly crew: CrewEntry[];
  readonly directors: CrewEntry[];
  readonly writers: CrewEntry[];
  readonly guests: Guest[];
}

export interface EpisodeCast {
  readonly cast: CastEntry[];
  readonly crew: CrewEntry[];
  readonly guests: CastEntry[];
}

/** A person's part in a series, added up over its episodes. */
export interface AggregateRole {
  readonly character: string;
  readonly creditId: string;
  readonly episodeCount: number;
  /** Day offset (from today) of the earliest-airing episode the credit counts. */
  readonly firstAirOffset: number;
}
export interface AggregateJob {
  readonly job: string;
  readonly creditId: string;
  readonly episodeCount: number;
  /** Day offset (from today) of the earliest-airing episode the credit counts. */
  readonly firstAirOffset: number;
}
export interface AggregateCast {
  readonly personId: number;
  readonly roles: AggregateRole[];
  readonly order: number;
}
export interface AggregateCrew {
  readonly personId: number;
  readonly department: string;
  readonly jobs: AggregateJob[];
}

export class SeriesCast {
  private readonly regularSlots: SlotSpace;
  private readonly crewSlots: SlotSpace;
  private readonly directorSlots: SlotSpace;
  private readonly writerSlots: SlotSpace;
  private readonly guestSlots: SlotSpace;

  constructor(private readonly shape: CatalogShape) {
    const space = (name: string, size: number) => new SlotSpace(shape.seed, name, shape.personCount, shape.seriesCount, size);
    this.regularSlots = space('tv-regulars', MAX_REGULARS);
    this.crewSlots = space('tv-crew', SERIES_CREW.length);
    this.directorSlots = space('tv-directors', MAX_DIRECTORS);
    this.writerSlots = space('tv-writers', MAX_WRITERS);
    this.guestSlots = space('tv-guests', MAX_GUESTS);
  }

  plan(series: SeriesCore): SeriesCastPlan {
    const { seed } = this.shape;
    const id = series.id;
    const r = stream(seed, 'series-credits', id);
    const regularSeasons = series.seasons.filter((s) => s.number !== 0).map((s) => s.number);
    const regulars: Regular[] = [];
    const regularCount = r.int(3, MAX_REGULARS);
    for (let k = 0; k < regularCount; k++) {
      const personId = this.regularSlots.person(id, k);
      const character = inventCharacter(r);
      // Most regulars are there from the start; some join in a later season.
      const fromSeason = r.chance(0.8) ? regularSeasons[0]! : r.pick(regularSeasons);
      if (regulars.some((regular) => regular.personId === personId)) continue;
      regulars.push({ personId, character, fromSeason, order: regulars.length, creditId: creditId(seed, 'tv-regular', id, k) });
    }
    const crew: CrewEntry[] = [];
    SERIES_CREW.forEach(({ department, job, chance }, k) => {
      if (!r.chance(chance)) return;
      const personId = this.crewSlots.person(id, k);
      // Two slots of one job may name one person: the job is credited once.
      if (crew.some((entry) => entry.personId === personId && entry.job === job)) return;
      crew.push({ personId, department, job, creditId: creditId(seed, 'tv-crew', id, k) });
    });
    const pool = (slots: SlotSpace, size: number, department: string, job: string, name: string): CrewEntry[] => {
      const out: CrewEntry[] = [];
      for (let k = 0; k < size; k++) {
        const personId = slots.person(id, k);
        if (!out.some((entry) => entry.personId === personId)) out.push({ personId, department, job, creditId: creditId(seed, name, id, k) });
      }
      return out;
    };
    const directors = pool(this.directorSlots, r.int(1, MAX_DIRECTORS), 'Directing', 'Director', 'tv-director');
    const writers = pool(this.writerSlots, r.int(1, MAX_WRITERS), 'Writing', 'Writer', 'tv-writer');
    const guests: Guest[] = [];
    const guestCount = r.int(3, MAX_GUESTS);
    for (let k = 0; k < guestCount; k++) {
      const personId = this.guestSlots.person(id, k);
      const character = inventCharacter(r);
      // A regular is not also a guest of the same series.
      if (regulars.some((regular) => regular.personId === personId) || guests.some((guest) => guest.personId === personId)) continue;
      guests.push({ personId, character, creditId: creditId(seed, 'tv-guest', id, k) });
    }
    return { regulars, crew, directors, writers, guests };
  }

  /** An episode's cast (the regulars of its season), crew (the series' and its own) and guest stars. */
  episode(series: SeriesCore, season: SeasonPlan, episode: number, plan: SeriesCastPlan = this.plan(series)): EpisodeCast {
    const r: Random = stream(this.shape.seed, 'episode-cast', series.id, season.number, episode);
    const cast = season.number === 0 ? [] : plan.regulars.filter((regular) => regular.fromSeason <= season.number);
    const director = r.pick(plan.directors);
    const writer = r.pick(plan.writers);
    const guests = r
      .sample(plan.guests, r.int(0, Math.min(MAX_GUESTS_PER_EPISODE, plan.guests.length)))
      .map((guest, order) => ({ ...guest, order }));
    return { cast, crew: [director, writer, ...plan.crew], guests };
  }

  /**
   * Everyone in any episode (of the seasons given, all of them by default), each with every
   * character or job and the episodes it counts.
   */
  aggregate(series: SeriesCore, seasons: readonly SeasonPlan[] = series.seasons): { cast: AggregateCast[]; crew: AggregateCrew[] } {
    const plan = this.plan(series);
    const roles = new Map<number, Map<string, { character: string; episodeCount: number; firstAirOffset: number }>>();
    type Jobs = Map<string, { job: string; episodeCount: number; firstAirOffset: number }>;
    const jobs = new Map<string, { personId: number; department: string; jobs: Jobs }>();
    for (const season of seasons) {
      for (let e = 1; e <= season.episodeCount; e++) {
        const { cast, crew, guests } = this.episode(series, season, e, plan);
        const aired = airOffset(season, e);
        for (const member of [...cast, ...guests]) {
          const byCredit = roles.get(member.personId) ?? new Map<string, { character: string; episodeCount: number; firstAirOffset: number }>();
          const role = byCredit.get(member.creditId) ?? { character: member.character, episodeCount: 0, firstAirOffset: aired };
          role.episodeCount++;
          role.firstAirOffset = Math.min(role.firstAirOffset, aired);
          byCredit.set(member.creditId, role);
          roles.set(member.personId, byCredit);
        }
        for (const member of crew) {
          const key = `${member.personId}:${member.department}`;
          const entry = jobs.get(key) ?? { personId: member.personId, department: member.department, jobs: new Map<string, { job: string; episodeCount: number; firstAirOffset: number }>() };
          const job = entry.jobs.get(member.creditId) ?? { job: member.job, episodeCount: 0, firstAirOffset: aired };
          job.episodeCount++;
          job.firstAirOffset = Math.min(job.firstAirOffset, aired);
          entry.jobs.set(member.creditId, job);
          jobs.set(key, entry);
        }
      }
    }
    // Regulars first, in billing order, then the guests by how many episodes they are in.
    const cast = [...roles.entries()].map(([personId, byCredit]) => ({
      personId,
      roles: [...byCredit.entries()].map(([id, role]) => ({ creditId: id, ...role })),
    }));
    const rank = (personId: number) => {
      const index = plan.regulars.findIndex((regular) => regular.personId === personId);
      return index === -1 ? MAX_REGULARS : index;
    };
    const total = (entry: { roles: AggregateRole[] }) => entry.roles.reduce((n, role) => n + role.episodeCount, 0);
    cast.sort((a, b) => rank(a.personId) - rank(b.personId) || total(b) - total(a) || a.personId - b.personId);
    const crew = [...jobs.values()].map((entry) => ({
      personId: entry.personId,
      department: entry.department,
      jobs: [...entry.jobs.entries()].map(([id, job]) => ({ creditId: id, ...job })),
    }));
    return { cast: cast.map((entry, order) => ({ ...entry, order })), crew };
  }

  /** The series whose credits might name the person: a superset, each to be checked by its credits. */
  candidates(personId: number): number[] {
    const all = new Set<number>();
    for (const slots of [this.regularSlots, this.crewSlots, this.directorSlots, this.writerSlots, this.guestSlots]) {
      for (const id of slots.candidates(personId)) all.add(id);
    }
    return [...all].sort((a, b) => a - b);
  }
}
