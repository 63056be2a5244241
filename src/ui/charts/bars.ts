/**
 * Bars and sparklines drawn with text, for the Stats view. Block mode draws with the eighth
 * blocks (▏▎▍▌▋▊▉█ and ▁▂▃▄▅▆▇█), eight steps to a cell; plain mode, for NO_COLOR and narrow
 * terminals, draws with '#' and digits only, so that any terminal, a screen reader or a copy
 * into a mail reads it. Pure functions of numbers to strings: the view colours them.
 */

export type ChartMode = 'blocks' | 'plain';

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
const LEVELS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/**
 * A horizontal bar for `value` of `max`, at most `width` cells, right-padded to `width`.
 * A value above zero always shows (at least an eighth, or one '#'): a bar of one title is not
 * mistaken for none.
 */
export function horizontalBar(value: number, max: number, width: number, mode: ChartMode): string {
  if (width <= 0) return '';
  if (!(value > 0) || !(max > 0)) return ' '.repeat(width);
  const share = Math.min(1, value / max);
  if (mode === 'plain') {
    const cells = Math.max(1, Math.round(share * width));
    return '#'.repeat(cells) + ' '.repeat(width - cells);
  }
  const eighths = Math.max(1, Math.round(share * width * 8));
  const full = Math.floor(eighths / 8);
  const bar = '█'.repeat(full) + EIGHTHS[eighths % 8];
  return bar + ' '.repeat(width - [...bar].length);
}

/**
 * One cell per value, its height the value's share of the largest (blocks), or in plain mode a
 * digit 0-9 of the same share ('.' for none): the shape of a timeline in one line.
 */
export function sparkline(values: readonly number[], mode: ChartMode): string {
  const max = Math.max(0, ...values);
  return values
    .map((value) => {
      if (!(value > 0) || max === 0) return mode === 'plain' ? '.' : ' ';
      if (mode === 'plain') return String(Math.max(1, Math.round((value / max) * 9)));
      return LEVELS[Math.max(0, Math.ceil((value / max) * LEVELS.length) - 1)]!;
    })
    .join('');
}

/** The last `width` values, summed in runs when there are more than `width`: a sparkline that fits. */
export function fitValues(values: readonly number[], width: number): number[] {
  if (width <= 0) return [];
  if (values.length <= width) return [...values];
  const per = Math.ceil(values.length / width);
  const out: number[] = [];
  // Runs end at the last value, so the newest period is whole.
  for (let end = values.length; end > 0 && out.length < width; end -= per) {
    out.unshift(values.slice(Math.max(0, end - per), end).reduce((sum, v) => sum + v, 0));
  }
  return out;
}
