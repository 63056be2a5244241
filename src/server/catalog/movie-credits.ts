import { type CastEntry, type CrewEntry, type CrewJob, SlotSpace, creditId, inventCharacter } from './credit-slots.js';
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

  constructor(private readonly shape: CatalogShape) {
    this.castSlots = new SlotSpace(shape.seed, 'movie-cast', shape.personCount, shape.movieCount, MAX_CAST);
    this.crewSlots = new SlotSpace(shape.seed, 'movie-crew', shape.personCount, shape.movieCount, MOVIE_CREW.length);
  }

  credits(movieId: number): TitleCast {
    const r = stream(this.shape.seed, 'movie-credits', movieId);
    const castSize = r.int(5, MAX_CAST);
    const cast: CastEntry[] = [];
    for (let k = 0; k < castSize; k++) {
      const personId = this.castSlots.person(movieId, k);
      const character = inventCharacter(r);
      // A person is billed once; a slot that names someone already billed stays empty.
      if (cast.some((entry) => entry.personId === personId)) continue;
      cast.push({ personId, character, creditId: creditId(this.shape.seed, 'movie-cast', movieId, k), order: cast.length });
    }
    const crew: CrewEntry[] = [];
    MOVIE_CREW.forEach(({ department, job, chance }, k) => {
      if (!r.chance(chance)) return;
      crew.push({ personId: this.crewSlots.person(movieId, k), department, job, creditId: creditId(this.shape.seed, 'movie-crew', movieId, k) });
    });
    return { cast, crew };
  }

  /** The films whose credits might name the person: a superset, each to be checked by its credits. */
  candidates(personId: number): number[] {
    return [...new Set([...this.castSlots.candidates(personId), ...this.crewSlots.candidates(personId)])].sort((a, b) => a - b);
  }
}
