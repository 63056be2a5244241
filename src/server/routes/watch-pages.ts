import type { FastifyInstance } from 'fastify';
import { countryName } from '../catalog/languages.js';
import { WATCH_REGIONS, type TitleKind, isOut, offersIn } from '../catalog/watch-providers.js';
import type { ServerContext } from '../handlers/context.js';
import { parseId } from '../../contract/params.js';
import { watchPage } from '../pages/watch.js';

/**
 * The pages the watch providers' links open (/movie/550/watch?locale=DE): for the user's
 * browser, so without the access token, like the approval pages. They show what the
 * watch/providers operations answer for that title and region.
 */
export function registerWatchPages(app: FastifyInstance, server: ServerContext): void {
  for (const kind of ['movie', 'tv'] as const satisfies readonly TitleKind[]) {
    app.get(`/${kind}/:id/watch`, async (request, reply) => {
      const id = parseId((request.params as { id: string }).id);
      const locale = String((request.query as { locale?: unknown }).locale ?? '').toUpperCase();
      const { catalog } = server;
      const exists = id !== undefined && (kind === 'movie' ? catalog.movies.exists(id) : catalog.series.exists(id));
      if (!exists || !WATCH_REGIONS.some(([region]) => region === locale)) {
        return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found');
      }
      const title = kind === 'movie' ? catalog.movies.core(id).title : catalog.series.core(id).name;
      const offers = isOut(catalog, kind, id) ? offersIn(catalog.shape.seed, kind, id, locale) : undefined;
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
        .send(watchPage(title, countryName(locale), offers));
    });
  }
}
