import { isNetwork, networkAlternativeNames as alternativeNamesOf, networkDetails as detailsOf, networkLogos } from '../catalog/networks.js';
import { ApiError } from '../http/errors.js';
import type { Handler, HandlerContext } from './context.js';

/** Television networks: each names the series it airs through discover's with_networks. */

function networkId(ctx: HandlerContext<'networkDetails' | 'networkAlternativeNames' | 'networkImages'>): number {
  const id = ctx.path.network_id;
  if (!isNetwork(id)) throw new ApiError(34);
  return id;
}

export const networkDetails: Handler<'networkDetails'> = (ctx) => detailsOf(ctx.server.catalog.shape.seed, networkId(ctx));

export const networkAlternativeNames: Handler<'networkAlternativeNames'> = (ctx) =>
  alternativeNamesOf(ctx.server.catalog.shape.seed, networkId(ctx));

export const networkImages: Handler<'networkImages'> = (ctx) => networkLogos(ctx.server.catalog.shape.seed, networkId(ctx));
