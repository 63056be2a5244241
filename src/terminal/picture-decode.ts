// Owns decoding posters, stills and profiles (JPEG, PNG) into pixels, within the size a catalog picture can have.
import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import { PictureProblem, type Pixels } from './picture-cells.js';

/**
 * Posters, stills and profiles as pixels. The image service's pictures are JPEG, the embedded
 * catalog's are PNG; anything else, or an image too large to be a catalog picture, is a
 * PictureProblem (a one-line text in place of the picture). Cells from pixels: picture-cells.ts.
 */

export { fitCells, PictureProblem, toCells, type Pixels } from './picture-cells.js';

/** The service's "original" posters are at most a few thousand pixels a side. */
export const MAX_PICTURE_SIDE = 6000;
const MAX_PICTURE_MEGAPIXELS = 24;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function checkSize(width: number, height: number): void {
  if (!(width > 0 && height > 0)) throw new PictureProblem('the picture has no size');
  if (width > MAX_PICTURE_SIDE || height > MAX_PICTURE_SIDE || width * height > MAX_PICTURE_MEGAPIXELS * 1e6) {
    throw new PictureProblem(`the picture is too large to draw (${width}x${height})`);
  }
}

/** Decodes a PNG or a JPEG; throws PictureProblem for anything else or anything broken. */
export function decodePicture(bytes: Uint8Array): Pixels {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length >= 24 && buffer.subarray(0, 8).equals(PNG_SIGNATURE)) {
    // The header says the size: a hostile PNG is refused before its pixels are inflated.
    checkSize(buffer.readUInt32BE(16), buffer.readUInt32BE(20));
    try {
      const png = pngjs.PNG.sync.read(buffer);
      return { width: png.width, height: png.height, data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.byteLength) };
    } catch (error) {
      throw new PictureProblem(`the PNG picture is broken (${brief(error)})`);
    }
  }
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) {
    try {
      const image = jpeg.decode(buffer, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PICTURE_MEGAPIXELS, maxMemoryUsageInMB: 256 });
      checkSize(image.width, image.height);
      return { width: image.width, height: image.height, data: image.data };
    } catch (error) {
      if (error instanceof PictureProblem) throw error;
      // The decoder refuses, from the header, a picture over the limits it was given.
      if (/maxResolutionInMP|maxMemoryUsageInMB/.test(brief(error))) throw new PictureProblem('the picture is too large to draw');
      throw new PictureProblem(`the JPEG picture is broken (${brief(error)})`);
    }
  }
  throw new PictureProblem('the answer is not a PNG or JPEG picture');
}

/** The first line of a decoder's message, short: it is shown in a pane a few dozen columns wide. */
function brief(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').slice(0, 60) || 'unreadable';
}
