import { companyAlternativeNames as namesOf, companyDetails as detailsOf, companyImages as imagesOf } from '../catalog/companies.js';
import { ApiError } from '../http/errors.js';
import type { Handler } from './context.js';

/**
 * Production companies: the ids films name in `production_companies`. A company's films are
 * discover's with_companies (the index holds each film's companies).
 */

function found<T>(answer: T | undefined): T {
  if (answer === undefined) throw new ApiError(34);
  return answer;
}

export const companyDetails: Handler<'companyDetails'> = (ctx) =>
  found(detailsOf(ctx.server.catalog.shape.seed, ctx.path.company_id));

export const companyAlternativeNames: Handler<'companyAlternativeNames'> = (ctx) =>
  found(namesOf(ctx.server.catalog.shape.seed, ctx.path.company_id));

export const companyImages: Handler<'companyImages'> = (ctx) => found(imagesOf(ctx.server.catalog.shape.seed, ctx.path.company_id));
