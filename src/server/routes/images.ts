import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.js';
import { PlaceholderImages } from '../images/placeholder.js';

/** `/t/p/{size}/{file}`: public like the real image host, no access token needed. */
export function registerImages(app: FastifyInstance): void {
  const images = new PlaceholderImages();
  app.get<{ Params: { size: string; file: string } }>('/t/p/:size/:file', async (request, reply) => {
    const png = images.get(request.params.size, request.params.file);
    if (!png) throw new ApiError(34);
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(png);
  });
}
