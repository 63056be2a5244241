import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.js';
import { PlaceholderImages, placeholderSize } from '../images/placeholder.js';

/** `/t/p/{size}/{file}`: public like the real image host, no access token needed. */
export function registerImages(app: FastifyInstance): void {
  const images = new PlaceholderImages();
  const headers = { 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable' };
  app.get<{ Params: { size: string; file: string } }>('/t/p/:size/:file', {
    // HEAD says whether the image exists without drawing or caching it.
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const png = await images.get(request.params.size, request.params.file);
      if (!png) throw new ApiError(34);
      return reply.headers(headers).send(png);
    },
  });
  app.head<{ Params: { size: string; file: string } }>('/t/p/:size/:file', async (request, reply) => {
    if (!placeholderSize(request.params.size, request.params.file)) throw new ApiError(34);
    return reply.headers(headers).send();
  });
}
