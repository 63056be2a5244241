import * as z from 'zod';
import type { Read } from '../reading.js';
import { int, nullableStr, str } from './common.js';

/** A streaming, rental or shop service, as a title's offers and the provider lists name it. */
export const watchProvider = z.looseObject({
  logo_path: nullableStr,
  provider_id: int,
  provider_name: str,
  display_priority: int,
});

/** How a title can be watched in one region: by kind of offer, and the service's page of it. */
export const regionOffers = z.looseObject({
  link: str,
  flatrate: z.array(watchProvider).optional(),
  rent: z.array(watchProvider).optional(),
  buy: z.array(watchProvider).optional(),
  free: z.array(watchProvider).optional(),
  ads: z.array(watchProvider).optional(),
});
export type RegionOffers = Read<typeof regionOffers>;

export { OFFER_KINDS, type OfferKind } from '../vocabulary.js';

/** Where a film or series can be watched, keyed by ISO 3166-1 region ("DE", "US"). */
export const watchProviders = z.looseObject({ id: int, results: z.record(z.string(), regionOffers) });
export type WatchProviders = Read<typeof watchProviders>;

/** The regions the service has offers for. */
export const watchProviderRegions = z.looseObject({
  results: z.array(z.looseObject({ iso_3166_1: str, english_name: str, native_name: str })),
});

/** Every provider of films (or of series), with its display priority in each region. */
export const watchProviderList = z.looseObject({
  results: z.array(watchProvider.extend({ display_priorities: z.record(z.string(), int) })),
});
