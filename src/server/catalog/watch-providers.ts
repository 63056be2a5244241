import type { OfferKind } from '../../contract/index.js';
import type { CatalogGenerator } from './generator.js';
import { mainImagePath } from './images.js';
import { countryName } from './languages.js';
import { type Random, stream } from './random.js';

/**
 * Where titles can be watched. The services are real ones (a real-world fact, like country
 * codes), with the service's own provider ids; which of them offers a title in a region, and
 * how, is drawn per (title, region) from the catalog seed, so the answer never changes. Most
 * released films and series have offers in most regions (DE and US nearly all); films not
 * out yet have none.
 */

export interface ProviderInfo {
  id: number;
  name: string;
  /** How it offers titles: a subscription, renting and buying, or free (with or without ads). */
  offers: readonly OfferKind[];
  /** Where it operates; undefined: in every region of the catalog. */
  regions?: readonly string[];
  /** Whether it carries series too (the shops and most subscriptions do). */
  series: boolean;
}

export const PROVIDERS: readonly ProviderInfo[] = [
  { id: 8, name: 'Netflix', offers: ['flatrate'], series: true },
  { id: 9, name: 'Amazon Prime Video', offers: ['flatrate'], series: true },
  { id: 337, name: 'Disney Plus', offers: ['flatrate'], series: true },
  { id: 350, name: 'Apple TV Plus', offers: ['flatrate'], series: true },
  { id: 1899, name: 'Max', offers: ['flatrate'], regions: ['US', 'ES', 'NL', 'SE', 'MX', 'BR', 'FR'], series: true },
  { id: 15, name: 'Hulu', offers: ['flatrate'], regions: ['US'], series: true },
  { id: 531, name: 'Paramount Plus', offers: ['flatrate'], regions: ['US', 'GB', 'DE', 'FR', 'IT', 'CA', 'AU', 'BR', 'MX'], series: true },
  { id: 30, name: 'WOW', offers: ['flatrate'], regions: ['DE', 'AT'], series: true },
  { id: 381, name: 'Canal+', offers: ['flatrate'], regions: ['FR'], series: true },
  { id: 39, name: 'Now TV', offers: ['flatrate'], regions: ['GB', 'IT'], series: true },
  { id: 2, name: 'Apple TV', offers: ['rent', 'buy'], series: true },
  { id: 3, name: 'Google Play Movies', offers: ['rent', 'buy'], series: false },
  { id: 10, name: 'Amazon Video', offers: ['rent', 'buy'], series: true },
  { id: 35, name: 'Rakuten TV', offers: ['rent', 'buy'], regions: ['DE', 'GB', 'FR', 'ES', 'IT', 'NL', 'AT', 'SE'], series: false },
  { id: 192, name: 'YouTube', offers: ['rent', 'buy'], series: false },
  { id: 73, name: 'Tubi TV', offers: ['free'], regions: ['US', 'CA', 'AU', 'MX', 'GB'], series: true },
  { id: 300, name: 'Pluto TV', offers: ['ads'], regions: ['US', 'DE', 'GB', 'FR', 'ES', 'IT', 'BR', 'MX', 'AT', 'CA'], series: true },
];

/** The regions with offers, and the language their native name is written in. */
export const WATCH_REGIONS: ReadonlyArray<readonly [region: string, language: string]> = [
  ['AT', 'de'], ['AU', 'en'], ['BR', 'pt'], ['CA', 'en'], ['DE', 'de'], ['ES', 'es'], ['FR', 'fr'], ['GB', 'en'],
  ['IN', 'hi'], ['IT', 'it'], ['JP', 'ja'], ['KR', 'ko'], ['MX', 'es'], ['NL', 'nl'], ['SE', 'sv'], ['US', 'en'],
];

/** The chance that a released title has any offer in a region. */
const COVERAGE: Readonly<Record<string, number>> = { DE: 0.92, US: 0.95, GB: 0.85 };
const DEFAULT_COVERAGE = 0.6;

export type TitleKind = 'movie' | 'tv';

function operatesIn(provider: ProviderInfo, region: string): boolean {
  return provider.regions === undefined || provider.regions.includes(region);
}

/** A provider's place in the lists of a region: fixed per (provider, region). */
export function displayPriority(seed: number, provider: ProviderInfo, region: string): number {
  return 1 + (stream(seed, 'provider-priority', provider.id, ...region.split('').map((c) => c.charCodeAt(0))).int(0, 40));
}

export function providerLogo(seed: number, provider: ProviderInfo): string {
  return mainImagePath(seed, 'logo', 'provider', [provider.id], 'en');
}

export function providerEntry(seed: number, provider: ProviderInfo, region: string) {
  return {
    logo_path: providerLogo(seed, provider),
    provider_id: provider.id,
    provider_name: provider.name,
    display_priority: displayPriority(seed, provider, region),
  };
}

/** The providers of a kind of title in a region (all regions when none is given). */
export function providersFor(kind: TitleKind, region?: string): ProviderInfo[] {
  return PROVIDERS.filter((p) => (kind === 'movie' || p.series) && (region === undefined || operatesIn(p, region)));
}

function regionStream(seed: number, kind: TitleKind, id: number, region: string): Random {
  return stream(seed, `watch-${kind}`, id, region.charCodeAt(0), region.charCodeAt(1));
}

/** The offers of one title in one region, by kind of offer; undefined when it has none there. */
export function offersIn(seed: number, kind: TitleKind, id: number, region: string): Partial<Record<OfferKind, ProviderInfo[]>> | undefined {
  const r = regionStream(seed, kind, id, region);
  if (!r.chance(COVERAGE[region] ?? DEFAULT_COVERAGE)) return undefined;
  const available = providersFor(kind, region);
  const offering = (offer: OfferKind) => available.filter((p) => p.offers.includes(offer));
  const offers: Partial<Record<OfferKind, ProviderInfo[]>> = {};
  const subscriptions = offering('flatrate');
  if (subscriptions.length > 0 && r.chance(kind === 'tv' ? 0.85 : 0.55)) offers.flatrate = r.sample(subscriptions, r.int(1, 2));
  const shops = offering('buy');
  if (shops.length > 0 && r.chance(kind === 'tv' ? 0.4 : 0.85)) {
    offers.buy = r.sample(shops, r.int(1, Math.min(3, shops.length)));
    // Films sold are mostly for rent at the same shops; series are sold by the season.
    if (kind === 'movie') offers.rent = offers.buy.filter(() => r.chance(0.8));
    if (offers.rent?.length === 0) delete offers.rent;
  }
  for (const offer of ['free', 'ads'] as const) {
    const services = offering(offer);
    if (services.length > 0 && r.chance(0.15)) offers[offer] = [r.pick(services)];
  }
  // A title in a region always has some offer: a shop when nothing else was drawn.
  if (Object.keys(offers).length === 0 && shops.length > 0) offers.buy = [r.pick(shops)];
  return offers;
}

export function regionNames(region: string, language: string) {
  const native = new Intl.DisplayNames([language], { type: 'region' }).of(region) ?? region;
  return { iso_3166_1: region, english_name: countryName(region), native_name: native };
}

/** Whether a title is out (films not released yet, and series not on air yet, have no offers). */
export function isOut(catalog: CatalogGenerator, kind: TitleKind, id: number): boolean {
  return kind === 'movie' ? catalog.movies.core(id).releaseOffset <= 0 : catalog.series.firstAirOffset(catalog.series.core(id)) <= 0;
}
