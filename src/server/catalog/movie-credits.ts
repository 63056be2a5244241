import { type CastEntry, type CrewEntry, type CrewJob, SlotSpace, creditId, inventCharacter } from './credit-slots.js';
import { CreditedNames, type PeoplePools } from './people-pools.js';
import { stream } from './random.js';
import type { CatalogShape } from './shape.js';

/** The crew a film may have, one slot each, in the order the credits list them. */
export const MOVIE_CREW: readonly CrewJob[] = [
  { department: 'Directing', job: 'Director', chance: 1 },
  { department: 'Writing', job: 'Screenplay', chance: 0.9 },
  { department: 'Writing', job: 'Novel', chance: 0.2 },
  { department: 'Production', job: 'Producer', chance: 1 },
  { department: 'Production', job: 'Executive Producer', chance: 0.6 },
  { department: 'Production', job: 'Casting', chance: 0.5 },
  { department: 'Sound', job: 'Original Music Composer', chance: 0.9 },
  { department: 'Camera', job: 'Director of Photography', chance: 0.9 },
  { department: 'Editing', job: 'Editor', chance: 0.9 },
  { department: 'Art', job: 'Production Design', chance: 0.5 },
  { department: 'Costume & Make-Up', job: 'Costume Design', chance: 0.4 },
];

const MAX_CAST = 14;

export interface TitleCast {
  readonly cast: CastEntry[];
  readonly crew: CrewEntry[];
}

/** A film's cast (billed in order, each person once) and crew, drawn from the catalog's people. */
export class MovieCast {
  private readonly castSlots: SlotSpace;
  private readonly crewSlots: SlotSpace;

  constructor(
    private readonly shape: CatalogShape,
    pools: PeoplePools,
  ) {
    this.castSlots = new SlotSpace(shape.seed, 'movie-cast', pools, shape.movieCount, new Array(MAX_CAST).fill('Acting'));
    this.crewSlots = new SlotSpace(shape.seed, 'movie-crew', pools, shape.movieCount, MOVIE_CREW.map((crew) => crew.department));
  }

  credits(movieId: number): TitleCast {
    const { seed } = this.shape;
    const r = stream(seed, 'movie-credits', movieId);
    const castSize = r.int(5, MAX_CAST);
    const characters = Array.from({ length: castSize }, () => inventCharacter(r));
    const filled = MOVIE_CREW.map(({ chance }) => r.chance(chance));
    // The crew is credited first, the director before anyone: a slot naming someone whose name
    // is already credited to another person stays empty, as does a cast slot naming someone
    // already billed.
    const names = new CreditedNames(seed);
    const crew: CrewEntry[] = [];
    MOVIE_CREW.forEach(({ department, job }, k) => {
      const personId = this.crewSlots.person(movieId, k);
      if (filled[k] && names.take(personId)) crew.push({ personId, department, job, creditId: creditId(seed, 'movie-crew', movieId, k) });
    });
    const cast: CastEntry[] = [];
    characters.forEach((character, k) => {
      const personId = this.castSlots.person(movieId, k);
      if (cast.some((entry) => entry.personId === personId) || !names.take(personId)) return;
      cast.push({ personId, character, creditId: creditId(seed, 'movie-cast', movieId, k), order: cast.length });
    });
    return { cast, crew };
  }

  /** The films whose credits might name the person: a superset, each to be checked by its credits. */
  candidates(personId: number): number[] {
    return [...new Set([...this.castSlots.candidates(personId), ...this.crewSlots.candidates(personId)])].sort((a, b) => a - b);
  }
}
