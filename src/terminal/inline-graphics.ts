// Owns the iTerm2 inline-image and sixel encoders: a picture as the escape sequence that paints it at the cursor.
import pngjs from 'pngjs';
import { image2sixel } from 'sixel';
import { MOST_PIXELS_PER_COLUMN, rgbWithin, scalePixels, type Pixels } from './picture-cells.js';

/**
 * Pictures as the escape sequences that paint them at the cursor: iTerm2 inline images (iTerm2,
 * WezTerm) and sixel (foot, mlterm, xterm as a VT340). Unlike kitty's placeholders these draw
 * over the cells at the cursor, so they are written where Ink left the picture's cells blank and
 * again after every frame that rewrites those lines (painted-pictures.ts).
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((byte, index) => bytes[index] === byte);

/**
 * An iTerm2 inline image filling at most `columns` x `rows` cells, its shape kept (the terminal
 * scales it, so no cell size in pixels is needed). The file as fetched is sent when it is a JPEG
 * or PNG no wider than the cells need (a JPEG is far smaller than the same picture in PNG);
 * otherwise the pixels, scaled down, as a PNG.
 */
export function itermInlineImage(pixels: Pixels, file: Uint8Array | undefined, columns: number, rows: number): string {
  const fits = pixels.width <= columns * MOST_PIXELS_PER_COLUMN;
  const sent = file && fits && (startsWith(file, JPEG_SIGNATURE) || startsWith(file, PNG_SIGNATURE)) ? file : pngOf(pixels, columns * MOST_PIXELS_PER_COLUMN);
  const base64 = Buffer.from(sent.buffer, sent.byteOffset, sent.byteLength).toString('base64');
  return `\u001B]1337;File=inline=1;width=${columns};height=${rows};preserveAspectRatio=1;size=${sent.byteLength}:${base64}\u0007`;
}

/** The pixels as a PNG (RGB, transparency over black as everywhere else), at most `widest` pixels wide. */
function pngOf(pixels: Pixels, widest: number): Uint8Array {
  const { width, height, data: rgb } = rgbWithin(pixels, widest);
  const png = new pngjs.PNG({ width, height, colorType: 2, inputColorType: 2, inputHasAlpha: false });
  png.data = Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength);
  return pngjs.PNG.sync.write(png, { colorType: 2, inputColorType: 2, inputHasAlpha: false });
}

/** Sixel paints six pixel rows a band: a height in whole bands paints nothing below the picture. */
const SIXEL_BAND = 6;
/** Colours of a sixel picture: the most the format allows, for photographs. */
const SIXEL_COLOURS = 256;

export interface CellSize {
  readonly width: number;
  readonly height: number;
}

/**
 * A sixel picture filling at most `columns` x `rows` cells of `cell` pixels, its shape kept.
 * Sixel draws pixels, not cells: a cell size larger than the terminal's would paint past the
 * cells Ink reserved, one smaller only draws the picture smaller.
 */
export function sixelImage(pixels: Pixels, columns: number, rows: number, cell: CellSize): string {
  const { width, height } = sixelSize(pixels, columns, rows, cell);
  const rgb = scalePixels(pixels, width, height);
  const rgba = new Uint8Array(width * height * 4);
  for (let from = 0, to = 0; from < rgb.length; from += 3, to += 4) {
    rgba[to] = rgb[from]!;
    rgba[to + 1] = rgb[from + 1]!;
    rgba[to + 2] = rgb[from + 2]!;
    rgba[to + 3] = 255;
  }
  return image2sixel(rgba, width, height, SIXEL_COLOURS, 1);
}

/** The picture's size in pixels: within the cells, its shape kept, its height in whole sixel bands. */
export function sixelSize(pixels: Pixels, columns: number, rows: number, cell: CellSize): { width: number; height: number } {
  const boxWidth = columns * cell.width;
  const boxHeight = rows * cell.height;
  const scale = Math.min(boxWidth / pixels.width, boxHeight / pixels.height);
  const height = Math.max(SIXEL_BAND, Math.floor((pixels.height * scale) / SIXEL_BAND) * SIXEL_BAND);
  const width = Math.max(1, Math.min(boxWidth, Math.round((pixels.width * height) / pixels.height)));
  return { width, height: Math.min(height, Math.floor(boxHeight / SIXEL_BAND) * SIXEL_BAND) };
}
