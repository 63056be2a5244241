import * as z from 'zod';
import { int, nullableStr, num, str } from './common.js';

/** A network as a series, a season or an episode group names it. */
export const network = z.looseObject({
  id: int,
  name: str,
  logo_path: nullableStr.optional(),
  origin_country: str.optional(),
});

/** A television network: where it is based, its site and logo. */
export const networkDetails = z.looseObject({
  headquarters: str,
  homepage: nullableStr,
  id: int,
  logo_path: nullableStr,
  name: str,
  origin_country: str,
});

/** Other names a network goes by; `type` is often empty. */
export const networkAlternativeNames = z.looseObject({
  id: int,
  results: z.array(z.looseObject({ name: str, type: str })),
});

/** A network's logos: unlike title images they carry an id and a file type, and no language. */
export const networkImages = z.looseObject({
  id: int,
  logos: z.array(
    z.looseObject({
      aspect_ratio: num,
      file_path: str,
      height: num,
      id: str,
      file_type: str,
      vote_average: num,
      vote_count: num,
      width: num,
    }),
  ),
});
