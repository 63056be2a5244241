import { imageSet, mainImagePath } from './images.js';
import { countryName } from './languages.js';
import { stream } from './random.js';
import { inventTown, objectId } from './text.js';
import { NETWORK_NAMES } from './words.js';

/**
 * The catalog's television networks: a fixed, small set (the real service has a few thousand,
 * most series are on a handful), each id always naming the same network. Every series airs on
 * one of them (series.ts), which discover's `with_networks` finds from the catalog's index.
 */

const FIRST_NETWORK_ID = 100;
const NETWORK_COUNTRIES = ['US', 'GB', 'CA', 'FR', 'DE', 'JP', 'KR', 'ES', 'AU', 'SE', 'IT', 'BR'] as const;

export type NetworkRef = { id: number; logo_path: string | null; name: string; origin_country: string };

export const NETWORK_IDS: readonly number[] = NETWORK_NAMES.map((_, index) => FIRST_NETWORK_ID + index);

export function isNetwork(id: number): boolean {
  return NETWORK_IDS.includes(id);
}

/** How a series or an episode group names a network. */
export function networkRef(seed: number, id: number): NetworkRef {
  const index = id - FIRST_NETWORK_ID;
  return {
    id,
    logo_path: mainImagePath(seed, 'logo', 'network', [id], 'en'),
    name: NETWORK_NAMES[index]!,
    origin_country: NETWORK_COUNTRIES[index % NETWORK_COUNTRIES.length]!,
  };
}

/** The network a draw picks (one draw, as series have always made it). */
export function networkIdOf(index: number): number {
  return FIRST_NETWORK_ID + index;
}

/** A network's details: where it is based and its site, with the fields series name it by. */
export function networkDetails(seed: number, id: number) {
  const ref = networkRef(seed, id);
  const r = stream(seed, 'network', id);
  return {
    headquarters: `${inventTown(r)}, ${countryName(ref.origin_country)}`,
    homepage: `https://www.example.com/networks/${ref.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    id,
    logo_path: ref.logo_path,
    name: ref.name,
    origin_country: ref.origin_country,
  };
}

/** Other names a network goes by: its initials, a channel's "HD" feed, a former name. */
export function networkAlternativeNames(seed: number, id: number) {
  const { name } = networkRef(seed, id);
  const r = stream(seed, 'network-names', id);
  const words = name.split(' ');
  const results: Array<{ name: string; type: string }> = [];
  if (words.length > 1) results.push({ name: words.map((w) => w[0]!.toUpperCase()).join(''), type: 'abbreviation' });
  if (r.chance(0.6)) results.push({ name: `${name} HD`, type: '' });
  if (r.chance(0.4)) results.push({ name: `${words[0]} ${r.pick(['Broadcasting', 'Television', 'Channel', 'Media'])}`, type: 'former name' });
  return { id, results };
}

/** A network's logos; the first is the one its `logo_path` names. */
export function networkLogos(seed: number, id: number) {
  const count = stream(seed, 'network-logo-count', id).int(1, 3);
  const r = stream(seed, 'network-logo-ids', id);
  const logos = imageSet(seed, 'logo', 'network', [id], count, 'en').map((image, index) => ({
    aspect_ratio: image.aspect_ratio,
    file_path: image.file_path,
    height: image.height,
    id: objectId(r),
    file_type: index === 0 ? '.png' : r.pick(['.png', '.svg']),
    vote_average: image.vote_average,
    vote_count: image.vote_count,
    width: image.width,
  }));
  return { id, logos };
}
