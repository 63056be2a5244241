import type { Random } from './random.js';
import { COMPANY_KINDS, COMPANY_WORDS, NETWORK_NAMES } from './words.js';
import { networkIdOf, networkRef } from './networks.js';
import { mainImagePath } from './images.js';

/** Invented production companies and networks; an id always names the same company. */

const HOME_COUNTRIES = ['US', 'GB', 'CA', 'FR', 'DE', 'JP', 'KR', 'ES', 'AU', 'SE', 'IT', 'BR'] as const;

export type Company = {
  id: number;
  logo_path: string | null;
  name: string;
  origin_country: string;
};

export function productionCompanies(seed: number, r: Random, count: number): Company[] {
  const out: Company[] = [];
  for (let i = 0; i < count; i++) {
    const word = r.int(0, COMPANY_WORDS.length - 1);
    const kind = r.int(0, COMPANY_KINDS.length - 1);
    const id = 2000 + word * COMPANY_KINDS.length + kind;
    if (out.some((c) => c.id === id)) continue;
    out.push({
      id,
      // About a third of real companies have no logo on file.
      logo_path: id % 3 === 0 ? null : mainImagePath(seed, 'logo', 'company', [id], 'en'),
      name: `${COMPANY_WORDS[word]} ${COMPANY_KINDS[kind]}`,
      origin_country: HOME_COUNTRIES[id % HOME_COUNTRIES.length]!,
    });
  }
  return out;
}

export function network(seed: number, r: Random): Company {
  return networkRef(seed, networkIdOf(r.int(0, NETWORK_NAMES.length - 1)));
}
