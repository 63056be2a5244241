import * as z from 'zod';
import { str } from './common.js';

/** The configuration lists: answers that are bare arrays, as the real service sends them. */

/** GET /3/configuration/countries: `native_name` is in the language asked for. */
export const countries = z.array(z.looseObject({ iso_3166_1: str, english_name: str, native_name: str }));

/** GET /3/configuration/languages: `name` is the language's own name, "" where the service has none. */
export const languages = z.array(z.looseObject({ iso_639_1: str, english_name: str, name: str }));

/** GET /3/configuration/jobs */
export const jobs = z.array(z.looseObject({ department: str, jobs: z.array(str) }));

/** GET /3/configuration/timezones: the IANA zones of each country. */
export const timezones = z.array(z.looseObject({ iso_3166_1: str, zones: z.array(str) }));

/** GET /3/configuration/primary_translations: language-region codes ("pt-BR"). */
export const primaryTranslations = z.array(str);
