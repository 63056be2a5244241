import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);

/**
 * A minimal PNG encoder (8-bit RGB, no interlace): the signature, IHDR, one zlib-deflated IDAT
 * and IEND, each chunk with its CRC-32. Enough for the placeholder images the server draws.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  // The CRC covers the chunk type and its data, not the length.
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export type Rgb = readonly [number, number, number];

/**
 * Encodes an image whose rows are each one colour, without blocking the event loop for long:
 * rows are filled by copying (no per-pixel call) and compressed on libuv's thread pool.
 */
export async function encodePngByRows(width: number, height: number, colourOfRow: (y: number) => Rgb): Promise<Buffer> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`PNG size must be positive integers (got ${width}x${height})`);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB; compression, filter and interlace stay 0
  const stride = 1 + width * 3;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const row = y * stride; // its first byte, filter type "None", stays 0
    const [r, g, b] = colourOfRow(y);
    raw[row + 1] = r;
    raw[row + 2] = g;
    raw[row + 3] = b;
    // Doubling copies: the row's pixels in log2(width) steps.
    for (let filled = 3; filled < width * 3; filled *= 2) {
      raw.copyWithin(row + 1 + filled, row + 1, row + 1 + Math.min(filled, width * 3 - filled));
    }
  }
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', await deflateAsync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
