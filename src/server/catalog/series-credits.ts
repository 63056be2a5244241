import { type CastEntry, type CrewEntry, type CrewJob, SlotSpace, creditId, inventCharacter } from './credit-slots.js';
import type { Department } from './people-pools.js';
import { CreditedNames, type PeoplePools } from './people-pools.js';
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
  /** Day offset (from today) of the latest-airing episode the credit counts. */
  readonly lastAirOffset: number;
}
export interface AggregateJob {
  readonly job: string;
  readonly creditId: string;
  readonly episodeCount: number;
  /** Day offset (from today) of the earliest-airing episode the credit counts. */
  readonly firstAirOffset: number;
  /** Day offset (from today) of the latest-airing episode the credit counts. */
  readonly lastAirOffset: number;
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

  constructor(
    private readonly shape: CatalogShape,
    pools: PeoplePools,
  ) {
    const space = (name: string, departments: readonly Department[]) => new SlotSpace(shape.seed, name, pools, shape.seriesCount, departments);
    const each = (department: Department, size: number) => new Array<Department>(size).fill(department);
    this.regularSlots = space('tv-regulars', each('Acting', MAX_REGULARS));
    this.crewSlots = space('tv-crew', SERIES_CREW.map((crew) => crew.department));
    this.directorSlots = space('tv-directors', each('Directing', MAX_DIRECTORS));
    this.writerSlots = space('tv-writers', each('Writing', MAX_WRITERS));
    this.guestSlots = space('tv-guests', each('Acting', MAX_GUESTS));
  }

  plan(series: SeriesCore): SeriesCastPlan {
    const { seed } = this.shape;
    const id = series.id;
    const r = stream(seed, 'series-credits', id);
    const regularSeasons = series.seasons.filter((s) => s.number !== 0).map((s) => s.number);
    // Everything is drawn first, in one order; then people are credited, the series' own crew
    // first: a slot naming someone whose name another credited person already has stays empty,
    // so no episode credits two people of one name.
    const regularDraws = Array.from({ length: r.int(3, MAX_REGULARS) }, () => ({
      character: inventCharacter(r),
      // Most regulars are there from the start; some join in a later season.
      fromSeason: r.chance(0.8) ? regularSeasons[0]! : r.pick(regularSeasons),
    }));
    const crewFilled = SERIES_CREW.map(({ chance }) => r.chance(chance));
    const directorCount = r.int(1, MAX_DIRECTORS);
    const writerCount = r.int(1, MAX_WRITERS);
    const guestCharacters = Array.from({ length: r.int(3, MAX_GUESTS) }, () => inventCharacter(r));

    const names = new CreditedNames(seed);
    const crew: CrewEntry[] = [];
    SERIES_CREW.forEach(({ department, job }, k) => {
      const personId = this.crewSlots.person(id, k);
      // Two slots of one job may name one person: the job is credited once.
      if (!crewFilled[k] || crew.some((entry) => entry.personId === personId && entry.job === job) || !names.take(personId)) return;
      crew.push({ personId, department, job, creditId: creditId(seed, 'tv-crew', id, k) });
    });
    const pool = (slots: SlotSpace, size: number, department: string, job: string, name: string): CrewEntry[] => {
      const out: CrewEntry[] = [];
      for (let k = 0; k < size; k++) {
        const personId = slots.person(id, k);
        if (!out.some((entry) => entry.personId === personId) && names.take(personId)) out.push({ personId, department, job, creditId: creditId(seed, name, id, k) });
      }
      return out;
    };
    const directors = pool(this.directorSlots, directorCount, 'Directing', 'Director', 'tv-director');
    const writers = pool(this.writerSlots, writerCount, 'Writing', 'Writer', 'tv-writer');
    const regulars: Regular[] = [];
    regularDraws.forEach(({ character, fromSeason }, k) => {
      const personId = this.regularSlots.person(id, k);
      if (regulars.some((regular) => regular.personId === personId) || !names.take(personId)) return;
      regulars.push({ personId, character, fromSeason, order: regulars.length, creditId: creditId(seed, 'tv-regular', id, k) });
    });
    const guests: Guest[] = [];
    guestCharacters.forEach((character, k) => {
      const personId = this.guestSlots.person(id, k);
      // A regular is not also a guest of the same series.
      if (regulars.some((regular) => regular.personId === personId) || guests.some((guest) => guest.personId === personId)) return;
      if (names.take(personId)) guests.push({ personId, character, creditId: creditId(seed, 'tv-guest', id, k) });
    });
    return { regulars, crew, directors, writers, guests };
  }

  /** An episode's cast (the regulars of its season), crew (the series' and its own) and guest stars. */
  episode(series: SeriesCore, season: SeasonPlan, episode: number, plan: SeriesCastPlan = this.plan(series)): EpisodeCast {
    const r: Random = stream(this.shape.seed, 'episode-cast', series.id, season.number, episode);
    const cast = season.number === 0 ? [] : plan.regulars.filter((regular) => regular.fromSeason <= season.number);
    // A pool left empty (every slot named someone whose name was taken) credits no one, as
    // many episodes of the real service name no director or writer.
    const director = plan.directors.length > 0 ? [r.pick(plan.directors)] : [];
    const writer = plan.writers.length > 0 ? [r.pick(plan.writers)] : [];
    const guests = r
      .sample(plan.guests, r.int(0, Math.min(MAX_GUESTS_PER_EPISODE, plan.guests.length)))
      .map((guest, order) => ({ ...guest, order }));
    return { cast, crew: [...director, ...writer, ...plan.crew], guests };
  }

  /**
   * Everyone in any episode (of the seasons given, all of them by default), each with every
   * character or job and the episodes it counts.
   */
  aggregate(series: SeriesCore, seasons: readonly SeasonPlan[] = series.seasons): { cast: AggregateCast[]; crew: AggregateCrew[] } {
    const plan = this.plan(series);
    type Span = { episodeCount: number; firstAirOffset: number; lastAirOffset: number };
    const roles = new Map<number, Map<string, Span & { character: string }>>();
    type Jobs = Map<string, Span & { job: string }>;
    const jobs = new Map<string, { personId: number; department: string; jobs: Jobs }>();
    for (const season of seasons) {
      for (let e = 1; e <= season.episodeCount; e++) {
        const { cast, crew, guests } = this.episode(series, season, e, plan);
        const aired = airOffset(season, e);
        for (const member of [...cast, ...guests]) {
          const byCredit = roles.get(member.personId) ?? new Map<string, Span & { character: string }>();
          const role = byCredit.get(member.creditId) ?? { character: member.character, episodeCount: 0, firstAirOffset: aired, lastAirOffset: aired };
          role.episodeCount++;
          role.firstAirOffset = Math.min(role.firstAirOffset, aired);
          role.lastAirOffset = Math.max(role.lastAirOffset, aired);
          byCredit.set(member.creditId, role);
          roles.set(member.personId, byCredit);
        }
        for (const member of crew) {
          const key = `${member.personId}:${member.department}`;
          const entry = jobs.get(key) ?? { personId: member.personId, department: member.department, jobs: new Map<string, Span & { job: string }>() };
          const job = entry.jobs.get(member.creditId) ?? { job: member.job, episodeCount: 0, firstAirOffset: aired, lastAirOffset: aired };
          job.episodeCount++;
          job.firstAirOffset = Math.min(job.firstAirOffset, aired);
          job.lastAirOffset = Math.max(job.lastAirOffset, aired);
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
