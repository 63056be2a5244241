import * as z from 'zod';
import type { Read } from '../reading.js';
import { int, str } from './common.js';

/** E17 */
export const configuration = z.looseObject({
  images: z.looseObject({
    base_url: str,
    secure_base_url: str,
    backdrop_sizes: z.array(str),
    logo_sizes: z.array(str),
    poster_sizes: z.array(str),
    profile_sizes: z.array(str),
    still_sizes: z.array(str),
  }),
  change_keys: z.array(str),
});
export type Configuration = Read<typeof configuration>;

export const certificationEntry = z.looseObject({ certification: str, meaning: str, order: int });
export type CertificationEntry = Read<typeof certificationEntry>;

/** E21 and movie certifications: keys are ISO 3166-1 codes, plus sub-regions such as CA-QC. */
export const certifications = z.looseObject({
  certifications: z.record(z.string(), z.array(certificationEntry)),
});
export type Certifications = Read<typeof certifications>;
