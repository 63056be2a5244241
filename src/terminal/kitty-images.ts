// Owns the images this run keeps in the kitty terminal's memory: transmitted once each, deleted past a few.
import { randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import { MOST_PIXELS_PER_COLUMN, rgbWithin, type Pixels } from './picture-cells.js';
import { kittyDelete, kittyImageId, kittyTransmit, type KittyOptions } from './kitty-graphics.js';
import { Holds } from './holds.js';

/**
 * The images this run has put in the terminal's memory (kitty graphics): each transmitted once,
 * known by the picture it is at its size, and deleted once more than a few are kept and no
 * picture on screen uses it, so the terminal's memory stays bounded however long the run.
 */

const deflateAsync = promisify(deflate);

/** Images kept in the terminal: a screen shows one or two; the rest make going back instant. */
export const KITTY_IMAGES_KEPT = 24;

type Write = (data: string) => void;

interface Sent {
  readonly id: number;
  /** Settles once the image is written to the terminal (or could not be prepared). */
  readonly written: Promise<number>;
  done: boolean;
}

export class KittyImages {
  private serial = 0;
  private closed = false;
  /** Least recently used first: a Map keeps insertion order, and a use moves the entry to the end. */
  private readonly sent = new Map<string, Sent>();
  private readonly holders = new Holds();

  /** The high byte of every id: random, so two runs drawing in one terminal (tmux panes) keep apart. */
  private readonly highByte: number;

  constructor(
    private readonly write: Write,
    private readonly options: KittyOptions & { readonly kept?: number; readonly highByte?: number } = {},
  ) {
    this.highByte = options.highByte ?? randomInt(256);
  }

  /** The id of a picture the terminal already has, at once; undefined while it is not (yet) sent. */
  shown(key: string): number | undefined {
    const entry = this.sent.get(key);
    return entry?.done ? entry.id : undefined;
  }

  /** How many images the terminal holds for this run. */
  get size(): number {
    let count = 0;
    for (const entry of this.sent.values()) if (entry.done) count++;
    return count;
  }

  /**
   * Sends a picture to be drawn in `columns` x `rows` cells, unless the terminal has it or it is
   * on its way; resolves with its id once written. The pixels are compressed off the main thread.
   */
  send(key: string, pixels: Pixels, columns: number, rows: number): Promise<number> {
    const known = this.sent.get(key);
    if (known) {
      this.touch(key, known);
      return known.written;
    }
    const id = kittyImageId(this.serial++, this.highByte);
    const image = imageToSend(pixels, columns);
    const entry: Sent = {
      id,
      done: false,
      written: deflateAsync(image.data).then(
        (deflated) => {
          // Closed meanwhile, or forgotten: nothing more goes to the terminal.
          if (this.closed || this.sent.get(key) !== entry) throw new Error('the picture is no longer wanted');
          this.write(kittyTransmit({ id, format: image.format, width: image.width, height: image.height, columns, rows, deflated }, this.options).join(''));
          entry.done = true;
          this.evict();
          return id;
        },
        (error: unknown) => {
          this.sent.delete(key);
          throw error;
        },
      ),
    };
    this.sent.set(key, entry);
    return entry.written;
  }

  /** A picture on screen: its image is not deleted until the returned function is called. */
  hold(key: string): () => void {
    return this.holders.hold(key, () => this.evict());
  }

  /** Deletes every image this run sent (at exit): the terminal keeps none of them. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const deletes = [...this.sent.values()].filter((entry) => entry.done).map((entry) => kittyDelete(entry.id, this.options));
    this.sent.clear();
    if (deletes.length > 0) this.write(deletes.join(''));
  }

  private touch(key: string, entry: Sent): void {
    this.sent.delete(key);
    this.sent.set(key, entry);
  }

  private evict(): void {
    const kept = this.options.kept ?? KITTY_IMAGES_KEPT;
    let excess = this.size - kept;
    for (const [key, entry] of this.sent) {
      if (excess <= 0) break;
      if (!entry.done || this.holders.has(key)) continue;
      this.sent.delete(key);
      this.write(kittyDelete(entry.id, this.options));
      excess--;
    }
  }
}

/**
 * The pixels as sent: RGB (a third less to send than RGBA; transparency over black, as
 * half-blocks draw it), scaled down first when far larger than the cells need.
 */
function imageToSend(pixels: Pixels, columns: number): { format: 24; width: number; height: number; data: Uint8Array } {
  return { format: 24, ...rgbWithin(pixels, columns * MOST_PIXELS_PER_COLUMN) };
}

const registries = new WeakMap<object, KittyImages>();

/** The images sent to one terminal (an output stream): one registry per stream, made on first use. */
export function kittyImagesFor(stream: { write(data: string): unknown }, options: KittyOptions = {}): KittyImages {
  let images = registries.get(stream);
  if (!images) {
    images = new KittyImages((data) => void stream.write(data), options);
    registries.set(stream, images);
  }
  return images;
}

/** At exit: deletes the images sent to this stream, if any were. */
export function closeKittyImages(stream: object): void {
  registries.get(stream)?.close();
  registries.delete(stream);
}
