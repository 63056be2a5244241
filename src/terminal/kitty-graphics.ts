// Owns the kitty graphics protocol's commands: transmit once, place with Unicode placeholders, delete.
/**
 * The kitty graphics protocol, as Marquee speaks it: an image is transmitted once, out of band, in
 * an APC sequence that draws nothing (a virtual placement, `U=1`), and the picture on screen is
 * ordinary text: one placeholder character (U+10EEEE) a cell, with combining marks that say the
 * cell's row and column in the picture, in a foreground colour that says the image's id. Ink
 * then lays out, redraws and clears the picture like any other text. Works in kitty (0.28 and
 * later) and Ghostty, and through tmux with `allow-passthrough on`.
 *
 * Only framing lives here: the picture itself is sent as zlib-compressed RGB or RGBA pixels
 * (`f=32` or `f=24`, `o=z`), since kitty reads PNG and raw pixels but not the JPEG the image
 * service sends.
 */

/** The character each cell of a picture is drawn with. */
export const KITTY_PLACEHOLDER = '\u{10EEEE}';

/**
 * The combining marks that number rows, columns and the high byte of an image id, in order:
 * kitty's "rowcolumn-diacritics" table (combining class 230, no decomposition, Unicode 6.0).
 */
const DIACRITICS = `
  0305 030D 030E 0310 0312 033D 033E 033F 0346 034A 034B 034C 0350 0351
  0352 0357 035B 0363 0364 0365 0366 0367 0368 0369 036A 036B 036C 036D
  036E 036F 0483 0484 0485 0486 0487 0592 0593 0594 0595 0597 0598 0599
  059C 059D 059E 059F 05A0 05A1 05A8 05A9 05AB 05AC 05AF 05C4 0610 0611
  0612 0613 0614 0615 0616 0617 0657 0658 0659 065A 065B 065D 065E 06D6
  06D7 06D8 06D9 06DA 06DB 06DC 06DF 06E0 06E1 06E2 06E4 06E7 06E8 06EB
  06EC 0730 0732 0733 0735 0736 073A 073D 073F 0740 0741 0743 0745 0747
  0749 074A 07EB 07EC 07ED 07EE 07EF 07F0 07F1 07F3 0816 0817 0818 0819
  081B 081C 081D 081E 081F 0820 0821 0822 0823 0825 0826 0827 0829 082A
  082B 082C 082D 0951 0953 0954 0F82 0F83 0F86 0F87 135D 135E 135F 17DD
  193A 1A17 1A75 1A76 1A77 1A78 1A79 1A7A 1A7B 1A7C 1B6B 1B6D 1B6E 1B6F
  1B70 1B71 1B72 1B73 1CD0 1CD1 1CD2 1CDA 1CDB 1CE0 1DC0 1DC1 1DC3 1DC4
  1DC5 1DC6 1DC7 1DC8 1DC9 1DCB 1DCC 1DD1 1DD2 1DD3 1DD4 1DD5 1DD6 1DD7
  1DD8 1DD9 1DDA 1DDB 1DDC 1DDD 1DDE 1DDF 1DE0 1DE1 1DE2 1DE3 1DE4 1DE5
  1DE6 1DFE 20D0 20D1 20D4 20D5 20D6 20D7 20DB 20DC 20E1 20E7 20E9 20F0
  2CEF 2CF0 2CF1 2DE0 2DE1 2DE2 2DE3 2DE4 2DE5 2DE6 2DE7 2DE8 2DE9 2DEA
  2DEB 2DEC 2DED 2DEE 2DEF 2DF0 2DF1 2DF2 2DF3 2DF4 2DF5 2DF6 2DF7 2DF8
  2DF9 2DFA 2DFB 2DFC 2DFD 2DFE 2DFF A66F A67C A67D A6F0 A6F1 A8E0 A8E1
  A8E2 A8E3 A8E4 A8E5 A8E6 A8E7 A8E8 A8E9 A8EA A8EB A8EC A8ED A8EE A8EF
  A8F0 A8F1 AAB0 AAB2 AAB3 AAB7 AAB8 AABE AABF AAC1 FE20 FE21 FE22 FE23
  FE24 FE25 FE26 10A0F 10A38 1D185 1D186 1D187 1D188 1D189 1D1AA 1D1AB 1D1AC 1D1AD
  1D242 1D243 1D244`
  .trim()
  .split(/\s+/)
  .map((hex) => String.fromCodePoint(Number.parseInt(hex, 16)));

/** The most rows or columns one picture can have: one mark each. */
export const KITTY_MAX_CELLS = DIACRITICS.length;

/** Base64 bytes in one APC sequence: the protocol's limit for a chunk. */
export const KITTY_CHUNK_BYTES = 4096;

const ESC = '\u001B';
const APC_START = `${ESC}_G`;
const ST = `${ESC}\\`;

export interface KittyOptions {
  /**
   * Inside tmux, each sequence is wrapped in tmux's passthrough (`ESC Ptmux; ... ESC \`, with
   * every ESC inside doubled) so it reaches the terminal outside; tmux drops it unless its
   * `allow-passthrough` option is on.
   */
  readonly tmux?: boolean;
}

/** An image as the terminal is sent it: RGBA or RGB pixels, zlib-compressed. */
export interface KittyImage {
  readonly id: number;
  /** 32: RGBA, 4 bytes a pixel; 24: RGB, 3 bytes a pixel. */
  readonly format: 24 | 32;
  /** Pixels. */
  readonly width: number;
  readonly height: number;
  /** Cells the picture fills on screen: the terminal scales the pixels to them. */
  readonly columns: number;
  readonly rows: number;
  /** width x height pixels of `format`, compressed with zlib (node:zlib's deflate). */
  readonly deflated: Uint8Array;
}

/** A sequence as tmux passes it through to the terminal outside. */
export function throughTmux(sequence: string): string {
  return `${ESC}Ptmux;${sequence.replaceAll(ESC, ESC + ESC)}${ST}`;
}

const frame = (control: string, payload: string, options: KittyOptions) => {
  const sequence = `${APC_START}${control};${payload}${ST}`;
  return options.tmux ? throughTmux(sequence) : sequence;
};

function checkId(id: number): void {
  if (!Number.isInteger(id) || id < 1 || id > 0xffffffff) throw new RangeError(`not a kitty image id: ${id}`);
}

/**
 * The sequences that transmit an image and give it a virtual placement of `columns` x `rows`
 * cells, in chunks of at most 4096 base64 bytes (`m=1` on every chunk but the last). `q=2` on
 * each: the terminal answers nothing, as an answer would arrive on stdin among the user's keys.
 * None of them draws anything or moves the cursor.
 */
export function kittyTransmit(image: KittyImage, options: KittyOptions = {}): string[] {
  checkId(image.id);
  if (image.columns < 1 || image.rows < 1 || image.columns > KITTY_MAX_CELLS || image.rows > KITTY_MAX_CELLS) {
    throw new RangeError(`a picture of ${image.columns}x${image.rows} cells cannot be numbered`);
  }
  const payload = Buffer.from(image.deflated.buffer, image.deflated.byteOffset, image.deflated.byteLength).toString('base64');
  const chunks: string[] = [];
  for (let at = 0; at < payload.length || at === 0; at += KITTY_CHUNK_BYTES) chunks.push(payload.slice(at, at + KITTY_CHUNK_BYTES));
  const first = `a=T,U=1,q=2,f=${image.format},o=z,s=${image.width},v=${image.height},i=${image.id},c=${image.columns},r=${image.rows},C=1`;
  // Only the first chunk says what the image is; the others carry the data and whether more follows.
  return chunks.map((chunk, index) => {
    const more = index < chunks.length - 1 ? 1 : 0;
    return frame(index === 0 ? `${first},m=${more}` : `m=${more},q=2`, chunk, options);
  });
}

/** Deletes an image and its placements from the terminal's memory (quietly). */
export function kittyDelete(id: number, options: KittyOptions = {}): string {
  checkId(id);
  return frame(`a=d,d=I,i=${id},q=2`, '', options);
}

/**
 * The foreground colour (an Ink colour) that carries an image's id: its low byte as a
 * 256-colour index. Ink writes `ansi256(n)` as `38;5;n` whether the terminal has true colour
 * or 256 colours (and so does tmux), where a `#rrggbb` colour would be approximated away on a
 * 256-colour terminal and the id lost.
 */
export function kittyIdColour(id: number): string {
  checkId(id);
  return `ansi256(${id & 0xff})`;
}

/**
 * An id whose bits 8-23 are zero, as the 256-colour encoding needs: its low byte (1-255, so the
 * colour is never the terminal's default) comes from the colour, its high byte from a third
 * mark on each cell. `serial` counts from 0; `highByte` keeps two programs in one terminal apart.
 */
export function kittyImageId(serial: number, highByte: number): number {
  const low = (serial % 255) + 1;
  const high = (highByte + Math.floor(serial / 255)) % 256;
  return ((high << 24) >>> 0) + low;
}

/** Row `row` of the picture (from 0): a placeholder per column, each with its row, column and the id's high byte. */
export function kittyPlaceholderRow(id: number, row: number, columns: number): string {
  checkId(id);
  if (row < 0 || row >= KITTY_MAX_CELLS || columns < 0 || columns > KITTY_MAX_CELLS) throw new RangeError(`no placeholder for row ${row} of ${columns} columns`);
  const rowMark = DIACRITICS[row]!;
  const highMark = DIACRITICS[id >>> 24]!;
  let text = '';
  // Every cell names its column: a cell that leaves it to its left neighbour is misplaced when
  // a partial redraw writes it alone.
  for (let column = 0; column < columns; column++) text += KITTY_PLACEHOLDER + rowMark + DIACRITICS[column]! + highMark;
  return text;
}

/** The number a mark stands for in the table, or -1: how a test reads placeholders back. */
export function kittyDiacriticNumber(mark: string): number {
  return DIACRITICS.indexOf(mark);
}
