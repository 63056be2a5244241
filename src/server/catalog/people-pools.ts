import { stream } from './random.js';
import { inventPersonName } from './text.js';

/**
 * Every person works in one department, and every credit slot of a title draws from the
 * people of its department (credit-slots.ts): so a person's credits are all in the department
 * their page names, and a film's cinematographer is never someone who only ever acted.
 *
 * The people are dealt into departments by a fixed shuffle of their ids (position = c * (id - 1)
 * mod P, c prime to P), so each department's people are spread over all ids, and a department
 * is a range of positions: a person's department and their place in it are found without a table.
 */

/** The departments, as the real service spells them, with their share of the people. */
export const DEPARTMENT_SHARES = [
  ['Acting', 0.6],
  ['Directing', 0.07],
  ['Writing', 0.08],
  ['Production', 0.1],
  ['Sound', 0.04],
  ['Camera', 0.04],
  ['Editing', 0.03],
  ['Art', 0.02],
  ['Costume & Make-Up', 0.02],
] as const;

export type Department = (typeof DEPARTMENT_SHARES)[number][0];

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** The inverse of a modulo m (a prime to m), by the extended Euclidean algorithm. */
export function inverseMod(a: number, m: number): number {
  let [oldR, r] = [a % m, m];
  let [oldS, s] = [1, 0];
  while (r !== 0) {
    const q = Math.floor(oldR / r);
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

/** A number in 1..m-1 prime to m (1 when m is 1 or 2), drawn from `roll` in [0, 1). */
export function coprime(roll: number, m: number): number {
  let a = 1 + Math.floor(roll * Math.max(1, m - 1));
  while (gcd(a, m) !== 1) a = a + 1 < m ? a + 1 : 1;
  return a;
}

interface Pool {
  readonly department: Department;
  /** First position of the department. */
  readonly start: number;
  readonly size: number;
}

export class PeoplePools {
  private readonly pools: Pool[] = [];
  private readonly shuffle: number;
  private readonly unshuffle: number;

  constructor(
    seed: number,
    private readonly personCount: number,
  ) {
    // Each department has at least one person; acting takes what the rounding leaves.
    const sizes = DEPARTMENT_SHARES.map(([, share]) => Math.max(1, Math.round(personCount * share)));
    sizes[0] = personCount - sizes.slice(1).reduce((n, size) => n + size, 0);
    let start = 0;
    DEPARTMENT_SHARES.forEach(([department], i) => {
      this.pools.push({ department, start, size: sizes[i]! });
      start += sizes[i]!;
    });
    this.shuffle = coprime(stream(seed, 'people-pools').next(), personCount);
    this.unshuffle = inverseMod(this.shuffle, personCount);
  }

  private pool(department: Department): Pool {
    return this.pools.find((pool) => pool.department === department)!;
  }

  /** How many people work in the department. */
  size(department: Department): number {
    return this.pool(department).size;
  }

  /** The person at place `index` (0-based) of the department. */
  person(department: Department, index: number): number {
    const position = this.pool(department).start + index;
    return ((this.unshuffle * position) % this.personCount) + 1;
  }

  /** The department a person works in and their place in it. */
  placeOf(personId: number): { department: Department; index: number } {
    const position = (this.shuffle * (personId - 1)) % this.personCount;
    const pool = this.pools.find((p) => position >= p.start && position < p.start + p.size)!;
    return { department: pool.department, index: position - pool.start };
  }

  departmentOf(personId: number): Department {
    return this.placeOf(personId).department;
  }
}

/** A person's name: the first draw of their stream (credits.ts draws the rest of the person). */
export function personName(seed: number, personId: number): string {
  return inventPersonName(stream(seed, 'person', personId));
}

/**
 * The names already credited on one title (or one series): a second person of a name already
 * there is not credited, so no two people of one film's or one episode's credits share a name.
 */
export class CreditedNames {
  private readonly byName = new Map<string, number>();

  constructor(private readonly seed: number) {}

  /** True (and the name taken) when the person may be credited beside those already taken. */
  take(personId: number): boolean {
    const name = personName(this.seed, personId);
    const holder = this.byName.get(name);
    if (holder !== undefined) return holder === personId;
    this.byName.set(name, personId);
    return true;
  }
}
