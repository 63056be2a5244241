import { OFFER_KINDS, type OfferKind } from '../../contract/index.js';
import {
  type TitleKind, WATCH_REGIONS, displayPriority, isOut, offersIn, providerEntry, providerLogo, providersFor, regionNames,
} from '../catalog/watch-providers.js';
import type { Handler, HandlerContext } from './context.js';
import { movieId, seriesOf } from './path-records.js';

/**
 * Where a title can be watched, by region. Each region's `link` is this server's page of the
 * title's offers there (the real service links its own site's page), which a browser can open.
 */
export function watchPageAddress(origin: string, kind: TitleKind, id: number, region: string): string {
  return `${origin}/${kind}/${id}/watch?locale=${region}`;
}

function titleOffers(ctx: HandlerContext<'movieWatchProviders' | 'seriesWatchProviders'>, kind: TitleKind, id: number) {
  const { seed } = ctx.server.catalog.shape;
  const host = ctx.headers.host;
  const origin = ctx.server.origin(typeof host === 'string' ? host : undefined);
  const results: Record<string, { link: string } & Partial<Record<OfferKind, Array<ReturnType<typeof providerEntry>>>>> = {};
  if (!isOut(ctx.server.catalog, kind, id)) return { id, results };
  for (const [region] of WATCH_REGIONS) {
    const offers = offersIn(seed, kind, id, region);
    if (!offers) continue;
    const entry: (typeof results)[string] = { link: watchPageAddress(origin, kind, id, region) };
    for (const offer of OFFER_KINDS) {
      const providers = offers[offer];
      if (providers) entry[offer] = providers.map((p) => providerEntry(seed, p, region)).sort((a, b) => a.display_priority - b.display_priority);
    }
    results[region] = entry;
  }
  return { id, results };
}

/** A film not out yet has no offers anywhere. */
export const movieWatchProviders: Handler<'movieWatchProviders'> = (ctx) => titleOffers(ctx, 'movie', movieId(ctx));
export const seriesWatchProviders: Handler<'seriesWatchProviders'> = (ctx) => titleOffers(ctx, 'tv', seriesOf(ctx).id);

export const watchProviderRegions: Handler<'watchProviderRegions'> = () => ({
  results: WATCH_REGIONS.map(([region, language]) => regionNames(region, language)),
});

/** Every provider of a kind of title (in one region when watch_region names one), by priority. */
function providerList(ctx: HandlerContext<'movieWatchProviderList' | 'seriesWatchProviderList'>, kind: TitleKind) {
  const { seed } = ctx.server.catalog.shape;
  const region = ctx.query.watch_region?.toUpperCase();
  const results = providersFor(kind, region).map((provider) => {
    const regions = WATCH_REGIONS.map(([code]) => code).filter((code) => providersFor(kind, code).includes(provider));
    const priorities = Object.fromEntries(regions.map((code) => [code, displayPriority(seed, provider, code)]));
    return {
      display_priorities: priorities,
      display_priority: region ? (priorities[region] ?? 0) : Math.min(...Object.values(priorities)),
      logo_path: providerLogo(seed, provider),
      provider_name: provider.name,
      provider_id: provider.id,
    };
  });
  return { results: results.sort((a, b) => a.display_priority - b.display_priority || a.provider_id - b.provider_id) };
}

export const movieWatchProviderList: Handler<'movieWatchProviderList'> = (ctx) => providerList(ctx, 'movie');
export const seriesWatchProviderList: Handler<'seriesWatchProviderList'> = (ctx) => providerList(ctx, 'tv');
