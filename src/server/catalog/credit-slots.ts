import { type Department, type PeoplePools, coprime, inverseMod } from './people-pools.js';
import { type Random, stream } from './random.js';
import { inventPersonName } from './text.js';
import { CHARACTER_ROLES } from './words.js';

/**
 * Who is credited where, so that it can be read both ways without an index.
 *
 * A title's credits are numbered slots (cast slot 0, 1, ...; the director's slot, ...), each
 * drawing from the people of one department (people-pools.ts). Slot k of title t names the
 * person at place (a_k * t + b_k) mod D of the department, with a_k prime to D (the number of
 * people in it): for a person of that department at place i, the titles whose slot k names
 * them are t0, t0 + D, t0 + 2D, ... where t0 = a_k⁻¹ (i - b_k) mod D. So a title's credits are
 * drawn on demand, and a person's filmography is found by asking each slot of their department
 * for its few candidate titles and drawing their credits: exactly the titles whose credits name
 * the person, at a cost that does not grow with the catalog.
 */

interface Slot {
  readonly department: Department;
  readonly people: number;
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
    private readonly pools: PeoplePools,
    private readonly titleCount: number,
    departments: readonly Department[],
  ) {
    const r = stream(seed, `credit-slots:${name}`);
    for (const department of departments) {
      const people = pools.size(department);
      const a = coprime(r.next(), people);
      this.slots.push({ department, people, a, b: r.int(0, people - 1), inverse: inverseMod(a, people) });
    }
  }

  get size(): number {
    return this.slots.length;
  }

  /** The person slot k of title `title` names. Products stay far below 2^53 (ids are < 10^6). */
  person(title: number, k: number): number {
    const { department, people, a, b } = this.slots[k]!;
    return this.pools.person(department, (a * title + b) % people);
  }

  /** Every title whose slot k would name `person` (whether the title fills slot k or not). */
  titles(person: number, k: number): number[] {
    const { department, people, b, inverse } = this.slots[k]!;
    const place = this.pools.placeOf(person);
    if (place.department !== department) return [];
    const first = (inverse * ((((place.index - b) % people) + people) % people)) % people || people;
    const out: number[] = [];
    for (let t = first; t <= this.titleCount; t += people) out.push(t);
    return out;
  }

  /** The titles any slot would name `person` in, each once. */
  candidates(person: number): Set<number> {
    const out = new Set<number>();
    for (let k = 0; k < this.slots.length; k++) for (const title of this.titles(person, k)) out.add(title);
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
  readonly department: Department;
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

/** The families of credit slots, in the order their code in a credit id numbers them (never reorder). */
export const CREDIT_FAMILIES = ['movie-cast', 'movie-crew', 'tv-regular', 'tv-crew', 'tv-director', 'tv-writer', 'tv-guest'] as const;
export type CreditFamily = (typeof CREDIT_FAMILIES)[number];

/** Where a credit id points: the slot `slot` of family `family` on title `title`. */
export interface CreditAddress {
  readonly family: CreditFamily;
  readonly title: number;
  readonly slot: number;
}

const hex = (r: Random, digits: number) => {
  let out = '';
  for (let i = 0; i < digits; i++) out += '0123456789abcdef'[Math.floor(r.next() * 16)];
  return out;
};

/** 12 hex digits that check an address: drawn from the seed, so another catalog's ids do not read as this one's. */
const checkOf = (seed: number, family: number, title: number, slot: number) => hex(stream(seed, 'credit-check', family, title, slot), 12);
/** 12 hex digits the address is hidden under, drawn from the check (so ids look as random as the service's). */
const maskOf = (check: string) => BigInt(`0x${hex(stream(0, 'credit-mask', Number.parseInt(check, 16)), 12)}`);

/**
 * A credit's id: the same credit has the same id on the title's side and on the person's, and
 * the id reads back to its slot (GET /3/credit/{credit_id} opens it without an index). The 24
 * hex digits are the address (family 8 bits, title 32, slot 8) hidden under a mask, then a check.
 */
export function creditId(seed: number, family: CreditFamily | (string & {}), title: number, slot: number): string {
  const code = (CREDIT_FAMILIES as readonly string[]).indexOf(family);
  if (code === -1) throw new RangeError(`no credit family ${family}`);
  const check = checkOf(seed, code, title, slot);
  const address = (BigInt(code) << 40n) | (BigInt(title) << 8n) | BigInt(slot);
  return (address ^ maskOf(check)).toString(16).padStart(12, '0') + check;
}

/** The slot a credit id of this catalog points at, or undefined for any other text. */
export function creditAddress(seed: number, id: string): CreditAddress | undefined {
  if (!/^[0-9a-f]{24}$/.test(id)) return undefined;
  const check = id.slice(12);
  const address = BigInt(`0x${id.slice(0, 12)}`) ^ maskOf(check);
  const code = Number(address >> 40n);
  const title = Number((address >> 8n) & 0xffffffffn);
  const slot = Number(address & 0xffn);
  const family = CREDIT_FAMILIES[code];
  if (family === undefined || checkOf(seed, code, title, slot) !== check) return undefined;
  return { family, title, slot };
}
