import { aspectOfFile } from '../catalog/images.js';
import { hashParts } from '../catalog/random.js';
import { ALL_IMAGE_SIZES } from '../catalog/configuration.js';
import { encodePngByRows, type Rgb } from './png.js';

/**
 * The images behind the configuration's base_url: `/t/p/{size}/{file}` draws a PNG of the size
 * asked, in colours derived from the file name, so every poster looks the same each time and
 * different from its neighbours. Recently drawn images are kept in memory.
 */

/** "original" is drawn at a modest size: these are placeholders, not photographs. */
const ORIGINAL_WIDTH = { tall: 780, wide: 1280, logo: 500 } as const;
const CACHE_ENTRIES = 64;

export interface PlaceholderSize {
  width: number;
  height: number;
}

/** The pixel size for a size name ("w342", "h632", "original") and file, or undefined if either is unknown. */
export function placeholderSize(sizeName: string, fileName: string): PlaceholderSize | undefined {
  const aspect = aspectOfFile(fileName);
  if (aspect === undefined || !ALL_IMAGE_SIZES.has(sizeName)) return undefined;
  const byWidth = /^w(\d+)$/.exec(sizeName);
  const byHeight = /^h(\d+)$/.exec(sizeName);
  let width: number;
  if (byWidth) width = Number(byWidth[1]);
  else if (byHeight) width = Math.round(Number(byHeight[1]) * aspect);
  else width = aspect < 1 ? ORIGINAL_WIDTH.tall : aspect > 3 ? ORIGINAL_WIDTH.logo : ORIGINAL_WIDTH.wide;
  const height = byHeight ? Number(byHeight[1]) : Math.max(1, Math.round(width / aspect));
  return { width, height };
}

function palette(fileName: string): { top: Rgb; bottom: Rgb; band: Rgb } {
  const h = hashParts([fileName]);
  const channel = (shift: number, base: number) => base + ((h >>> shift) & 0x7f);
  const top: Rgb = [channel(0, 40), channel(7, 40), channel(14, 40)];
  const bottom: Rgb = [Math.floor(top[0] / 3), Math.floor(top[1] / 3), Math.floor(top[2] / 3)];
  const band: Rgb = [Math.min(255, top[0] + 80), Math.min(255, top[1] + 80), Math.min(255, top[2] + 80)];
  return { top, bottom, band };
}

function draw(size: PlaceholderSize, fileName: string): Promise<Buffer> {
  const { top, bottom, band } = palette(fileName);
  const bandFrom = Math.floor(size.height * 0.62);
  const bandTo = Math.floor(size.height * 0.7);
  return encodePngByRows(size.width, size.height, (y) => {
    if (y >= bandFrom && y < bandTo) return band;
    const t = size.height === 1 ? 0 : y / (size.height - 1);
    return [
      Math.round(top[0] + (bottom[0] - top[0]) * t),
      Math.round(top[1] + (bottom[1] - top[1]) * t),
      Math.round(top[2] + (bottom[2] - top[2]) * t),
    ];
  });
}

/**
 * Drawn images, most recently used kept. Drawing is bounded: the same image asked by many
 * clients is drawn once, and at most RENDERS_AT_ONCE images are drawn at a time (compression
 * runs on the thread pool), so a burst of large distinct images never stalls the API.
 */
const RENDERS_AT_ONCE = 4;

export class PlaceholderImages {
  private readonly cache = new Map<string, Buffer>();
  private readonly drawing = new Map<string, Promise<Buffer>>();
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  /** The PNG for a size name and file, or undefined when either is not one the catalog uses. */
  async get(sizeName: string, fileName: string): Promise<Buffer | undefined> {
    const key = `${sizeName}/${fileName}`;
    const cached = this.cache.get(key);
    if (cached) {
      // Most recently used last: the first entry is the one to evict.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const size = placeholderSize(sizeName, fileName);
    if (!size) return undefined;
    let pending = this.drawing.get(key);
    if (!pending) {
      pending = this.bounded(() => draw(size, fileName)).then((png) => {
        this.cache.set(key, png);
        if (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
        return png;
      });
      pending.finally(() => this.drawing.delete(key)).catch(() => undefined);
      this.drawing.set(key, pending);
    }
    return pending;
  }

  private async bounded<T>(work: () => Promise<T>): Promise<T> {
    while (this.running >= RENDERS_AT_ONCE) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
