import * as z from 'zod';
import { int, nullableStr, num, str } from './common.js';

/** Production companies: a company's page, the other names it goes by, and its logos. */

export const parentCompany = z.looseObject({ id: int, logo_path: nullableStr, name: str });

export const companyDetails = z.looseObject({
  description: str,
  headquarters: str,
  homepage: str,
  id: int,
  logo_path: nullableStr,
  name: str,
  origin_country: str,
  parent_company: parentCompany.nullable(),
});

export const companyAlternativeNames = z.looseObject({
  id: int,
  results: z.array(z.looseObject({ name: str, type: str })),
});

/** A logo: the image id is a string, and file_type says .png or .svg. */
export const companyLogo = z.looseObject({
  aspect_ratio: num,
  file_path: str,
  file_type: str,
  height: num,
  id: str,
  vote_average: num,
  vote_count: num,
  width: num,
});

export const companyImages = z.looseObject({ id: int, logos: z.array(companyLogo) });
