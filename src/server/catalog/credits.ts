import type { CastEntry, CrewEntry } from './credit-slots.js';
import { mainImagePath } from './images.js';
import { CatalogKind } from './kind.js';
import type { Department, PeoplePools } from './people-pools.js';
import { stream } from './random.js';
import type { CatalogShape } from './shape.js';
import { inventPersonName } from './text.js';

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
  /** The department every credit of the person is in (people-pools.ts). */
  department: Department;
  popularity: number;
  hasProfile: boolean;
}

export class PersonCredits extends CatalogKind {
  constructor(
    shape: CatalogShape,
    protected readonly pools: PeoplePools,
  ) {
    super(shape, shape.personCount);
  }

  core(id: number): PersonCore {
    const r = stream(this.seed, 'person', id);
    const name = inventPersonName(r);
    const [first, ...last] = name.split(' ');
    const alsoKnownAs = r.chance(0.3) ? [`${first} ${String.fromCharCode(65 + r.int(0, 25))}. ${last.join(' ')}`] : [];
    // Known-for titles and the department were once drawn here at random (six draws, then one
    // between the gender and the popularity); both now follow from the person's credits
    // (people.ts, people-pools.ts). The draws are still taken, so the values after them stay
    // what they were.
    for (let i = 0; i < 6; i++) r.next();
    const gender = r.weighted([[1, 45], [2, 45], [3, 3], [0, 7]] as const);
    r.next();
    return {
      id,
      name,
      alsoKnownAs,
      gender,
      department: this.pools.departmentOf(id),
      popularity: Math.round((Math.exp(r.next() * 5) / 3) * 1000) / 1000,
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
