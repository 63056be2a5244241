import { movieCertificationsBody, tvCertificationsBody } from '../catalog/certifications.js';
import { configurationBody } from '../catalog/configuration.js';
import { MOVIE_GENRES, TV_GENRES } from '../catalog/genres.js';
import type { Handler } from './context.js';

/** E17: image addresses point at this server's /t/p/, which draws the images. */
export const configuration: Handler<'configuration'> = (ctx) => {
  const host = ctx.headers.host;
  return configurationBody(`${ctx.server.origin(typeof host === 'string' ? host : undefined)}/t/p/`);
};

/** E21 */
export const tvCertifications: Handler<'tvCertifications'> = () => tvCertificationsBody;

export const movieCertifications: Handler<'movieCertifications'> = () => movieCertificationsBody;

/** The genres of films and of series: the real service's ids and names. */
export const movieGenres: Handler<'movieGenres'> = () => ({ genres: MOVIE_GENRES.map((g) => ({ ...g })) });
export const seriesGenres: Handler<'seriesGenres'> = () => ({ genres: TV_GENRES.map((g) => ({ ...g })) });
