import * as lists from '../catalog/config-lists.js';
import type { Handler } from './context.js';

/** The configuration lists: countries, jobs, languages, primary translations and time zones. */
export const configurationCountries: Handler<'configurationCountries'> = (ctx) => lists.countries(ctx.query.language);
export const configurationJobs: Handler<'configurationJobs'> = () => lists.jobs();
export const configurationLanguages: Handler<'configurationLanguages'> = () => lists.languages();
export const primaryTranslations: Handler<'primaryTranslations'> = () => lists.primaryTranslations();
export const configurationTimezones: Handler<'configurationTimezones'> = () => lists.timezones();
