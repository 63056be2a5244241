import { movieCertificationsBody, tvCertificationsBody } from '../catalog/certifications.js';
import { configurationBody } from '../catalog/configuration.js';
import type { Handler } from './context.js';

/** E17: image addresses point at this server's /t/p/, which draws the images. */
export const configuration: Handler<'configuration'> = (ctx) => {
  const host = ctx.headers.host;
  return configurationBody(`${ctx.server.origin(typeof host === 'string' ? host : undefined)}/t/p/`);
};

/** E21 */
export const tvCertifications: Handler<'tvCertifications'> = () => tvCertificationsBody;

export const movieCertifications: Handler<'movieCertifications'> = () => movieCertificationsBody;
