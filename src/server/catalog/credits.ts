import type { CastEntry, CrewEntry } from './credit-slots.js';
import { mainImagePath } from './images.js';
import { CatalogKind } from './kind.js';
import { stream } from './random.js';
import type { CatalogShape } from './shape.js';
import { inventPersonName } from './text.js';
import { DEPARTMENTS } from './words.js';

/**
 * Who a person is, as far as others name them: a series credits its crew, guest stars and
 * creators with this, without the person's own pages (people.ts).
 */

export interface CreditRef {
  kind: 'movie' | 'tv';
  id: number;
}

export interface PersonCore {
  id: number;
  name: string;
  alsoKnownAs: string[];
  gender: number;
  department: string;
  popularity: number;
  knownFor: CreditRef[];
  hasProfile: boolean;
}

export class PersonCredits extends CatalogKind {
  constructor(shape: CatalogShape) {
    super(shape, shape.personCount);
  }

  core(id: number): PersonCore {
    const r = stream(this.seed, 'person', id);
    const name = inventPersonName(r);
    const [first, ...last] = name.split(' ');
    const alsoKnownAs = r.chance(0.3) ? [`${first} ${String.fromCharCode(65 + r.int(0, 25))}. ${last.join(' ')}`] : [];
    const knownFor: CreditRef[] = [];
    for (let i = 0; i < 3; i++) {
      const ref: CreditRef = r.chance(0.7)
        ? { kind: 'movie', id: r.int(1, this.shape.movieCount) }
        : { kind: 'tv', id: r.int(1, this.shape.seriesCount) };
      if (!knownFor.some((k) => k.kind === ref.kind && k.id === ref.id)) knownFor.push(ref);
    }
    return {
      id,
      name,
      alsoKnownAs,
      gender: r.weighted([[1, 45], [2, 45], [3, 3], [0, 7]] as const),
      department: r.pick(DEPARTMENTS),
      popularity: Math.round((Math.exp(r.next() * 5) / 3) * 1000) / 1000,
      knownFor,
      hasProfile: r.chance(0.92),
    };
  }

  protected profilePath(core: PersonCore): string | null {
    return core.hasProfile ? mainImagePath(this.seed, 'profile', 'person', [core.id], 'en') : null;
  }

  /** A person as credited on an episode (crew or guest star). */
  credit(id: number) {
    const core = this.core(id);
    return {
      adult: false,
      gender: core.gender,
      id,
      known_for_department: core.department,
      name: core.name,
      original_name: core.name,
      popularity: core.popularity,
      profile_path: this.profilePath(core),
    };
  }

  /** A cast member as a title's credits name them. */
  castCredit(member: CastEntry) {
    return { ...this.credit(member.personId), character: member.character, credit_id: member.creditId, order: member.order };
  }

  /** A crew member as a title's credits name them. */
  crewCredit(member: CrewEntry) {
    return { ...this.credit(member.personId), credit_id: member.creditId, department: member.department, job: member.job };
  }

  /** A series' `created_by` entry (without the id and credit id the series adds). */
  creator(id: number) {
    const core = this.core(id);
    return { name: core.name, original_name: core.name, gender: core.gender, profile_path: this.profilePath(core) };
  }
}
