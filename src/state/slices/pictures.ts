import { imageAddressProblem, imageUrl } from '../../api/images.js';
import type { Configuration } from '../../contract/index.js';
import { describeFailure } from '../words/failures.js';
import type { ImageKind } from '../reads/images.js';
import { CELL_PIXELS_WIDE, PictureProblem, toCells, type CellPicture, type Pixels } from '../../terminal/picture-cells.js';
import { DEFAULT_SIXEL_CELL, isGraphicsProtocol, type PictureProtocol } from '../../terminal/picture-protocol.js';
import type { SliceContext } from '../slice.js';
import { LRUCache } from 'lru-cache';

/**
 * Posters, stills and profiles for the screens: fetched through the client at the smallest
 * configured size that fits, decoded, and kept in memory (bounded). A picture is asked for
 * with an AbortSignal: a list scrolled past it aborts the download, and a result that arrives
 * after its signal was aborted is dropped, so a fast scroll never piles up work.
 */

export type PictureOutcome =
  | {
      readonly kind: 'picture';
      readonly cells: CellPicture;
      /**
       * Kept only where the terminal is sent pixels (kitty, iTerm2, sixel): a picture drawn as
       * text (half-blocks) needs its cells alone, and its pixels are let go once it is drawn.
       */
      readonly pixels?: Pixels;
      /** The file as fetched (JPEG or PNG), kept only where it is sent as is: iTerm2 inline images. */
      readonly file?: Uint8Array;
    }
  | { readonly kind: 'problem'; readonly message: string };

/**
 * A cache bounded in bytes, the least recently used going first: each value's size is worked out
 * when it is kept (`sizeOf`), and the sizes kept never add up to more than `maxBytes`. A bound by
 * count is none: one picture decoded for a graphics protocol weighs as much as forty in half-blocks.
 */
export class BoundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<K, V>;
  constructor(
    readonly maxBytes: number,
    sizeOf: (value: V) => number,
  ) {
    this.entries = new LRUCache<K, V>({ maxSize: maxBytes, sizeCalculation: (value) => Math.max(1, Math.ceil(sizeOf(value))) });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes kept now, as sizeOf counted them. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    this.entries.set(key, value);
  }
}

/** Bytes of decoded pixels (and, for iTerm2, the file as fetched) kept, by picture address, where the terminal is sent pixels. */
export const PIXEL_BYTES_KEPT = 8 * 1024 * 1024;
/**
 * The same where pictures are drawn as text: there the pixels serve only a drawing at another
 * size (a resize, the movie screen after the preview pane), so a few dozen posters' worth (a
 * poster fetched for 40 columns is some 50 KB decoded) rather than 8 MiB of pixels kept outside
 * the heap, which grew RSS for the first 150 films opened.
 */
export const TEXT_PIXEL_BYTES_KEPT = 2 * 1024 * 1024;
/**
 * Bytes of drawings at a size kept: their cells (some 90 KB in the heap for a poster of 36x26
 * cells), and for a graphics protocol the pixels each holds on to. Going back to one of the
 * last few dozen films draws its poster at once; an older one is drawn again from its pixels
 * or fetched again.
 */
export const DRAWING_BYTES_KEPT = 4 * 1024 * 1024;
/** What one half-block cell of a drawing costs in the heap: two colour strings and their pair. */
const CELL_BYTES = 96;

const decodedBytes = (decoded: Decoded | PictureProblem): number =>
  decoded instanceof PictureProblem ? 64 + decoded.message.length * 2 : 64 + decoded.pixels.data.byteLength + (decoded.file?.byteLength ?? 0);

const drawingBytes = (outcome: PictureOutcome): number =>
  outcome.kind === 'problem'
    ? 64 + outcome.message.length * 2
    : 64 + outcome.cells.columns * outcome.cells.rows * CELL_BYTES + (outcome.pixels?.data.byteLength ?? 0) + (outcome.file?.byteLength ?? 0);

/**
 * How wide, in pixels, the fetched picture must be to fill `columns` cells. Half-blocks draw
 * one pixel a column, and twice that averages out the noise of a photograph; a graphics
 * protocol draws the cell's own pixels.
 */
export function pictureWidthFor(columns: number, protocol: PictureProtocol = 'blocks'): number {
  return isGraphicsProtocol(protocol) ? columns * CELL_PIXELS_WIDE : columns * 2;
}

/** The address of a picture at the smallest configured size that fills `columns`; undefined when none can be built. */
export function pictureAddress(
  configuration: Configuration | undefined,
  kind: ImageKind,
  filePath: string,
  columns: number,
  protocol: PictureProtocol = 'blocks',
): string | undefined {
  if (!configuration || imageAddressProblem(configuration, filePath)) return undefined;
  return imageUrl(configuration, kind, filePath, pictureWidthFor(columns, protocol));
}

export interface PicturesSlice {
  /** How pictures are drawn this run (see choosePictureProtocol). */
  readonly protocol: PictureProtocol;
  /** Whether kitty graphics are wrapped in tmux's passthrough. */
  readonly throughTmux: boolean;
  /** Pixels of one terminal cell, which sixel pictures are sized for. */
  readonly sixelCell: { readonly width: number; readonly height: number };
  /** A picture already drawn at this size, at once; undefined when it must be loaded. */
  cached(address: string, columns: number, rows: number): PictureOutcome | undefined;
  /** Fetches (or finds) and draws a picture; rejects with the signal's reason once it is aborted. */
  load(address: string, columns: number, rows: number, signal: AbortSignal): Promise<PictureOutcome>;
}

type PicturesStore = { readonly pictures: PicturesSlice };

type Decoded = { readonly pixels: Pixels; readonly file?: Uint8Array };

/** One drawing of a picture: its address at a size in cells. */
export const drawingKey = (address: string, columns: number, rows: number) => `${columns}x${rows} ${address}`;

/** Lets keys already read be handled before a decode takes the thread. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createPicturesSlice({ runtime }: SliceContext<PicturesStore>): PicturesSlice {
  const protocol = runtime.deps.pictureProtocol ?? 'text';
  const sendsPixels = isGraphicsProtocol(protocol);
  const pixelsByAddress = new BoundedCache<string, Decoded | PictureProblem>(sendsPixels ? PIXEL_BYTES_KEPT : TEXT_PIXEL_BYTES_KEPT, decodedBytes);
  const drawings = new BoundedCache<string, PictureOutcome>(DRAWING_BYTES_KEPT, drawingBytes);

  const draw = (address: string, decoded: Decoded | PictureProblem, columns: number, rows: number): PictureOutcome => {
    const outcome: PictureOutcome =
      decoded instanceof PictureProblem
        ? { kind: 'problem', message: decoded.message }
        : sendsPixels
          ? { kind: 'picture', cells: toCells(decoded.pixels, columns, rows), pixels: decoded.pixels, file: decoded.file }
          : { kind: 'picture', cells: toCells(decoded.pixels, columns, rows) };
    drawings.set(drawingKey(address, columns, rows), outcome);
    return outcome;
  };

  return {
    protocol,
    throughTmux: runtime.deps.picturesThroughTmux === true,
    sixelCell: runtime.deps.sixelCell ?? DEFAULT_SIXEL_CELL,
    cached(address, columns, rows) {
      const drawn = drawings.get(drawingKey(address, columns, rows));
      if (drawn) return drawn;
      const pixels = pixelsByAddress.get(address);
      return pixels === undefined ? undefined : draw(address, pixels, columns, rows);
    },
    async load(address, columns, rows, signal) {
      const known = this.cached(address, columns, rows);
      if (known) return known;
      const client = runtime.client;
      if (!client?.imageBytes) return { kind: 'problem', message: 'pictures cannot be fetched from this service' };
      let bytes: Buffer;
      try {
        bytes = await client.imageBytes(address, signal);
      } catch (error) {
        signal.throwIfAborted();
        // A failed download is not kept: the next time the row is highlighted it is tried again.
        return { kind: 'problem', message: describeFailure(error).message };
      }
      // The codecs load with the first picture, not at start-up.
      const { decodePicture } = await import('../../terminal/picture-decode.js');
      await nextTurn();
      signal.throwIfAborted();
      let decoded: Decoded | PictureProblem;
      try {
        decoded = { pixels: decodePicture(bytes), file: protocol === 'iterm' ? bytes : undefined };
      } catch (error) {
        decoded = error instanceof PictureProblem ? error : new PictureProblem('the picture could not be read');
      }
      pixelsByAddress.set(address, decoded);
      return draw(address, decoded, columns, rows);
    },
  };
}
