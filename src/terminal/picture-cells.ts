// Owns pixels as terminal cells (half-blocks in colour), the cell geometry pictures are sized by, and PictureProblem.
/**
 * Pixels as terminal cells, and the one-line problem drawn in place of a picture that cannot be
 * drawn. Apart from the decoders (picture-decode.ts), which load only when the first picture
 * arrives: the PNG and JPEG codecs cost start-up time a screen without a picture never needs.
 */

/**
 * Pixels a cell is wide in most terminals at their usual font size; the terminal does not say
 * without being asked, and its answer would arrive on stdin among the user's keys.
 */
export const CELL_PIXELS_WIDE = 10;

/**
 * Pixels a cell is sent at most to a terminal that draws images itself: beyond twice a usual
 * cell it would only scale the picture down again.
 */
export const MOST_PIXELS_PER_COLUMN = 2 * CELL_PIXELS_WIDE;

export class PictureProblem extends Error {
  override readonly name = 'PictureProblem';
}

/** RGBA, 8 bits a channel, row after row. */
export interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** A terminal cell is about twice as tall as it is wide. */
const CELL_ASPECT = 2;

/** The cells a picture of `width` x `height` pixels takes at most `columns` x `rows`, keeping its shape. */
export function fitCells(width: number, height: number, columns: number, rows: number): { columns: number; rows: number } {
  if (columns < 1 || rows < 1) return { columns: 0, rows: 0 };
  const shape = height / width;
  let fitColumns = columns;
  let fitRows = Math.round((fitColumns * shape) / CELL_ASPECT);
  if (fitRows > rows) {
    fitRows = rows;
    fitColumns = Math.max(1, Math.round((rows * CELL_ASPECT) / shape));
  }
  return { columns: Math.min(columns, fitColumns), rows: Math.max(1, fitRows) };
}

/** A picture as half-block cells: each cell's upper and lower halves, as '#rrggbb'. */
export interface CellPicture {
  readonly columns: number;
  readonly rows: number;
  /** rows x columns of [upper, lower]. */
  readonly cells: readonly (readonly (readonly [string, string])[])[];
}

/** Scales to `columns` x `rows * 2` pixels by averaging each pixel's source area (transparency over black). */
export function scalePixels(pixels: Pixels, columns: number, height: number): Uint8Array {
  const out = new Uint8Array(columns * height * 3);
  const xStep = pixels.width / columns;
  const yStep = pixels.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * yStep);
    const y1 = Math.max(y0 + 1, Math.min(pixels.height, Math.floor((y + 1) * yStep)));
    for (let x = 0; x < columns; x++) {
      const x0 = Math.floor(x * xStep);
      const x1 = Math.max(x0 + 1, Math.min(pixels.width, Math.floor((x + 1) * xStep)));
      // At most 4x4 samples of a large area: enough for a cell, and bounded work per cell.
      const sy = Math.max(1, Math.floor((y1 - y0) / 4));
      const sx = Math.max(1, Math.floor((x1 - x0) / 4));
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let py = y0; py < y1; py += sy) {
        for (let px = x0; px < x1; px += sx) {
          const at = (py * pixels.width + px) * 4;
          const alpha = pixels.data[at + 3]! / 255;
          r += pixels.data[at]! * alpha;
          g += pixels.data[at + 1]! * alpha;
          b += pixels.data[at + 2]! * alpha;
          n++;
        }
      }
      const to = (y * columns + x) * 3;
      out[to] = Math.round(r / n);
      out[to + 1] = Math.round(g / n);
      out[to + 2] = Math.round(b / n);
    }
  }
  return out;
}

/**
 * The pixels as RGB (transparency over black), at most `widest` pixels wide, their shape kept: what
 * a terminal that draws images itself is sent.
 */
export function rgbWithin(pixels: Pixels, widest: number): { width: number; height: number; data: Uint8Array } {
  const width = Math.min(pixels.width, widest);
  const height = Math.max(1, Math.round((pixels.height * width) / pixels.width));
  return { width, height, data: scalePixels(pixels, width, height) };
}

const hex = (rgb: Uint8Array, at: number) =>
  `#${((1 << 24) | (rgb[at]! << 16) | (rgb[at + 1]! << 8) | rgb[at + 2]!).toString(16).slice(1)}`;

/** The picture in at most `columns` x `rows` half-block cells, its shape kept. */
export function toCells(pixels: Pixels, columns: number, rows: number): CellPicture {
  const size = fitCells(pixels.width, pixels.height, columns, rows);
  const rgb = scalePixels(pixels, size.columns, size.rows * 2);
  const cells = Array.from({ length: size.rows }, (_, row) =>
    Array.from({ length: size.columns }, (_, column) => {
      const upper = (row * 2 * size.columns + column) * 3;
      const lower = ((row * 2 + 1) * size.columns + column) * 3;
      return [hex(rgb, upper), hex(rgb, lower)] as const;
    }),
  );
  return { columns: size.columns, rows: size.rows, cells };
}
