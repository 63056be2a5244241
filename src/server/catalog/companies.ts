import { type Random, base62, stream } from './random.js';
import { COMPANY_KINDS, COMPANY_WORDS, NETWORK_NAMES } from './words.js';
import { networkIdOf, networkRef } from './networks.js';
import { mainImagePath } from './images.js';
import { countryName } from './languages.js';
import { inventTown, objectId } from './text.js';

/** Invented production companies and networks; an id always names the same company. */

const HOME_COUNTRIES = ['US', 'GB', 'CA', 'FR', 'DE', 'JP', 'KR', 'ES', 'AU', 'SE', 'IT', 'BR'] as const;

export type Company = {
  id: number;
  logo_path: string | null;
  name: string;
  origin_country: string;
};

/** Company ids: one per (word, kind) pair, from FIRST_COMPANY_ID on. */
const FIRST_COMPANY_ID = 2000;
const COMPANY_COUNT = COMPANY_WORDS.length * COMPANY_KINDS.length;

/** The company an id names, or undefined for an id the catalog does not have. */
export function companyById(seed: number, id: number): Company | undefined {
  const slot = id - FIRST_COMPANY_ID;
  if (!Number.isInteger(slot) || slot < 0 || slot >= COMPANY_COUNT) return undefined;
  const word = Math.floor(slot / COMPANY_KINDS.length);
  const kind = slot % COMPANY_KINDS.length;
  return {
    id,
    // About a third of real companies have no logo on file.
    logo_path: id % 3 === 0 ? null : mainImagePath(seed, 'logo', 'company', [id], 'en'),
    name: `${COMPANY_WORDS[word]} ${COMPANY_KINDS[kind]}`,
    origin_country: HOME_COUNTRIES[id % HOME_COUNTRIES.length]!,
  };
}

/** Every production company of the catalog, in id order (what the company search looks through). */
export function allCompanies(seed: number): Company[] {
  return Array.from({ length: COMPANY_COUNT }, (_, slot) => companyById(seed, FIRST_COMPANY_ID + slot)!);
}

export function productionCompanies(seed: number, r: Random, count: number): Company[] {
  const out: Company[] = [];
  for (let i = 0; i < count; i++) {
    const word = r.int(0, COMPANY_WORDS.length - 1);
    const kind = r.int(0, COMPANY_KINDS.length - 1);
    const id = FIRST_COMPANY_ID + word * COMPANY_KINDS.length + kind;
    if (out.some((c) => c.id === id)) continue;
    out.push(companyById(seed, id)!);
  }
  return out;
}

/** A company's page: where it is, what it does, and the company that owns it (if any). */
export function companyDetails(seed: number, id: number) {
  const company = companyById(seed, id);
  if (!company) return undefined;
  const r = stream(seed, 'company-details', id);
  const town = inventTown(r);
  const parentId = r.chance(0.2) ? FIRST_COMPANY_ID + r.int(0, COMPANY_COUNT - 1) : undefined;
  const parent = parentId === undefined || parentId === id ? null : companyById(seed, parentId)!;
  const word = company.name.split(' ').slice(0, -1).join(' ');
  return {
    // As on the real service, most companies have no description on file.
    description: r.chance(0.3) ? `${company.name} is an independent ${r.pick(['film', 'film and television', 'documentary'])} producer based in ${town}.` : '',
    headquarters: `${town}, ${countryName(company.origin_country)}`,
    homepage: r.chance(0.6) ? `https://www.example.com/companies/${word.toLowerCase().replaceAll(' ', '-')}` : '',
    id,
    logo_path: company.logo_path,
    name: company.name,
    origin_country: company.origin_country,
    parent_company: parent ? { id: parent.id, logo_path: parent.logo_path, name: parent.name } : null,
  };
}

/** Other names a company is known by: its short name, and for some an older one. */
export function companyAlternativeNames(seed: number, id: number) {
  const company = companyById(seed, id);
  if (!company) return undefined;
  const r = stream(seed, 'company-names', id);
  const short = company.name.split(' ').slice(0, -1).join(' ');
  const results: Array<{ name: string; type: string }> = [];
  if (r.chance(0.6)) results.push({ name: short, type: '' });
  if (r.chance(0.3)) results.push({ name: `${short} ${r.pick(COMPANY_KINDS)} Ltd.`, type: 'former name' });
  return { id, results };
}

/** A company's logos, the one it shows first; a company with no logo on file has none. */
export function companyImages(seed: number, id: number) {
  const company = companyById(seed, id);
  if (!company) return undefined;
  if (company.logo_path === null) return { id, logos: [] };
  const r = stream(seed, 'company-logos', id);
  const count = r.int(1, 3);
  const logos = [];
  for (let i = 0; i < count; i++) {
    const width = r.pick([200, 295, 400, 500]);
    const height = r.int(60, 200);
    const svg = r.chance(0.4);
    const votes = r.int(0, 6);
    logos.push({
      aspect_ratio: width / height,
      file_path: i === 0 ? company.logo_path : `/l${base62(r, 26)}.png`,
      file_type: svg ? '.svg' : '.png',
      height,
      id: objectId(r),
      vote_average: votes === 0 ? 0 : r.decimal(5, 5.8, 3),
      vote_count: votes,
      width,
    });
  }
  return { id, logos };
}

export function network(seed: number, r: Random): Company {
  return networkRef(seed, networkIdOf(r.int(0, NETWORK_NAMES.length - 1)));
}
