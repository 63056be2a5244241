import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodePicture, fitCells, PictureProblem, toCells, type Pixels } from '../../src/terminal/picture-decode.js';

/** PNG (the embedded catalog's) and JPEG (the image service's) decode into half-block cells. */

/** `width` x `height`, red on the top half and blue on the bottom half. */
function twoBands(width: number, height: number): Pixels {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      data.set(y < height / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255], at);
    }
  }
  return { width, height, data };
}

function png(pixels: Pixels): Buffer {
  const image = new pngjs.PNG({ width: pixels.width, height: pixels.height });
  Buffer.from(pixels.data).copy(image.data);
  return pngjs.PNG.sync.write(image);
}

function jpg(pixels: Pixels): Buffer {
  return jpeg.encode({ width: pixels.width, height: pixels.height, data: Buffer.from(pixels.data) }, 95).data;
}

/** "#rrggbb" as [r, g, b]. */
const rgb = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

describe('decodePicture and toCells', () => {
  it.each([
    ['PNG', png],
    ['JPEG', jpg],
  ])('draws a %s poster as cells: the upper rows red, the lower blue', (_, encode) => {
    const picture = toCells(decodePicture(encode(twoBands(40, 60))), 10, 20);
    // 40x60 in at most 10x20 cells: 10 columns, 60/40*10/2 = 7.5 -> 8 rows.
    expect(picture.columns).toBe(10);
    expect(picture.rows).toBe(8);
    const [upper] = picture.cells[0]![0]!;
    const [, lower] = picture.cells[7]![9]!;
    const [r1, , b1] = rgb(upper);
    const [r2, , b2] = rgb(lower);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(60);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(60);
  });

  it('keeps the shape: a tall picture in a wide box is fitted by its height', () => {
    expect(fitCells(200, 300, 60, 10)).toEqual({ columns: 13, rows: 10 });
    expect(fitCells(1280, 720, 40, 40)).toEqual({ columns: 40, rows: 11 });
    expect(fitCells(10, 10, 0, 5)).toEqual({ columns: 0, rows: 0 });
  });

  it('refuses what is not a picture, a truncated one and one too large, with a short reason', () => {
    const problem = (bytes: Uint8Array) => {
      try {
        decodePicture(bytes);
      } catch (error) {
        expect(error).toBeInstanceOf(PictureProblem);
        return (error as Error).message;
      }
      throw new Error('decoded');
    };
    expect(problem(Buffer.from('<html>Not found</html>'))).toContain('not a PNG or JPEG');
    expect(problem(Buffer.alloc(0))).toContain('not a PNG or JPEG');
    const whole = png(twoBands(40, 60));
    expect(problem(whole.subarray(0, whole.length - 30))).toContain('PNG picture is broken');
    const jpegBytes = jpg(twoBands(40, 60));
    expect(problem(jpegBytes.subarray(0, 40))).toContain('JPEG picture is broken');
    // A header that claims 100000x100000 pixels is refused before anything is inflated.
    const huge = Buffer.from(whole);
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);
    expect(problem(huge)).toContain('too large');
    // So is a JPEG whose frame header claims 60000x60000.
    const hugeJpeg = Buffer.from(jpegBytes);
    const frame = hugeJpeg.indexOf(Buffer.from([0xff, 0xc0]));
    hugeJpeg.writeUInt16BE(60_000, frame + 5);
    hugeJpeg.writeUInt16BE(60_000, frame + 7);
    expect(problem(hugeJpeg)).toContain('too large');
  });
});
