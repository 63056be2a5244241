import { type Random, stream } from './random.js';
import { inventPersonName, objectId } from './text.js';
import { CHARACTER_ROLES } from './words.js';

/**
 * Who is credited where, so that it can be read both ways without an index.
 *
 * A title's credits are numbered slots (cast slot 0, 1, ...; the director's slot, ...). Slot k
 * of title t names person ((a_k * t + b_k) mod P) + 1, with a_k prime to P (the number of
 * people): for a person, the titles whose slot k names them are t0, t0 + P, t0 + 2P, ... where
 * t0 = a_k⁻¹ (person - 1 - b_k) mod P. So a title's credits are drawn on demand, and a person's
 * filmography is found by asking each slot for its few candidate titles and drawing their
 * credits: exactly the titles whose credits name the person, at a cost that does not grow
 * with the catalog.
 */

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** The inverse of a modulo m (a prime to m), by the extended Euclidean algorithm. */
function inverseMod(a: number, m: number): number {
  let [oldR, r] = [a % m, m];
  let [oldS, s] = [1, 0];
  while (r !== 0) {
    const q = Math.floor(oldR / r);
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

interface Slot {
  readonly a: number;
  readonly b: number;
  readonly inverse: number;
}

/** One family of slots (a film's cast, a series' guest pool, ...) over titles 1..titleCount. */
export class SlotSpace {
  private readonly slots: Slot[] = [];

  constructor(
    seed: number,
    name: string,
    private readonly personCount: number,
    private readonly titleCount: number,
    readonly size: number,
  ) {
    const r = stream(seed, `credit-slots:${name}`);
    const people = personCount;
    for (let k = 0; k < size; k++) {
      let a = r.int(1, Math.max(1, people - 1));
      while (gcd(a, people) !== 1) a = a + 1 < people ? a + 1 : 1;
      this.slots.push({ a, b: r.int(0, people - 1), inverse: inverseMod(a, people) });
    }
  }

  /** The person slot k of title `title` names. Products stay far below 2^53 (ids are < 10^6). */
  person(title: number, k: number): number {
    const { a, b } = this.slots[k]!;
    return ((a * title + b) % this.personCount) + 1;
  }

  /** Every title whose slot k would name `person` (whether the title fills slot k or not). */
  titles(person: number, k: number): number[] {
    const { b, inverse } = this.slots[k]!;
    const p = this.personCount;
    const first = (inverse * ((((person - 1 - b) % p) + p) % p)) % p || p;
    const out: number[] = [];
    for (let t = first; t <= this.titleCount; t += p) out.push(t);
    return out;
  }

  /** The titles any slot would name `person` in, each once. */
  candidates(person: number): Set<number> {
    const out = new Set<number>();
    for (let k = 0; k < this.size; k++) for (const title of this.titles(person, k)) out.add(title);
    return out;
  }
}

/** A credit as a title keeps it: who, and as what. */
export interface CastEntry {
  readonly personId: number;
  readonly character: string;
  readonly creditId: string;
  readonly order: number;
}

export interface CrewEntry {
  readonly personId: number;
  readonly department: string;
  readonly job: string;
  readonly creditId: string;
}

/** A crew position: its department and job as the real service spells them, and how often a title has one. */
export interface CrewJob {
  readonly department: string;
  readonly job: string;
  readonly chance: number;
}

/** A character's name: a person's name, a role with a surname, or the person themself. */
export function inventCharacter(r: Random): string {
  const roll = r.next();
  if (roll < 0.05) return 'Self';
  const name = inventPersonName(r);
  return roll < 0.3 ? `${r.pick(CHARACTER_ROLES)} ${name.split(' ').slice(1).join(' ')}` : name;
}

/** A credit's id: the same credit has the same id on the title's side and on the person's. */
export function creditId(seed: number, name: string, ...ids: number[]): string {
  return objectId(stream(seed, `credit-id:${name}`, ...ids));
}
