/**
 * Numbers and months written as Intl writes them for 'en', by hand. The first Intl.NumberFormat
 * or DateTimeFormat of a process loads ICU's locale data: about 13 ms and 7 MiB of resident
 * memory, paid on the first screen with data for a vote count such as "25.6k". These few rules
 * of English need none of it. test/ui/english-numbers.test.ts holds them to Intl's own output.
 */

export const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * `value` rounded to `digits` decimals, halves away from zero, as ICU rounds: on the shortest
 * decimal that reads back as `value` ("1.45", not the binary 1.4499…), so 1.45 gives 1.5 as
 * Intl's does where Math.round(14.499…) would give 1.4. Exact for the numbers shown (below
 * 10^12); beyond 10^15 a fraction is as close as a double holds it.
 */
export function roundHalfExpand(value: number, digits: number): number {
  const magnitude = Math.abs(value);
  // From 2^53 on every number is whole; below 1e-6 String() writes an exponent, and the
  // number rounds to 0 at the few decimals shown here anyway.
  if (!Number.isFinite(magnitude) || magnitude >= 2 ** 53) return value;
  if (magnitude < 1e-6) return Math.sign(value) * 0;
  // Shifting the decimal point in the text keeps the decimal digits exact.
  const rounded = Math.round(Number(`${magnitude}e${digits}`));
  return Math.sign(value) * Number(`${rounded}e-${digits}`);
}

/** "1234567.8" -> "1,234,567.8": groups of three digits, the fraction (already rounded) as it is. */
function groupDigits(digits: string): string {
  const [whole, fraction] = digits.split('.');
  return `${whole!.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** As `new Intl.NumberFormat('en', { maximumFractionDigits })`: 1203 -> "1,203", 59.208 -> "59.2". */
export function englishNumber(value: number, maximumFractionDigits: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
  const rounded = roundHalfExpand(value, maximumFractionDigits);
  // -0.01 rounds to -0, which Intl writes as "-0".
  const sign = rounded < 0 || Object.is(rounded, -0) ? '-' : '';
  // From 1e21 String() writes an exponent ("1e+21"); Intl writes every digit.
  const digits = Math.abs(rounded) >= 1e21 ? BigInt(Math.abs(rounded)).toString() : String(Math.abs(rounded));
  return sign + groupDigits(digits);
}

const COMPACT_UNITS = [
  { size: 1e3, suffix: 'K' },
  { size: 1e6, suffix: 'M' },
  { size: 1e9, suffix: 'B' },
  { size: 1e12, suffix: 'T' },
] as const;

/**
 * As `new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 })`:
 * 1234 -> "1.2K", 25600 -> "25.6K", 999949 -> "999.9K", 999950 -> "1M" (rounded up into the
 * next unit), 1.5e15 -> "1500T".
 */
export function englishCompact(value: number): string {
  const magnitude = Math.abs(value);
  if (!Number.isFinite(value) || roundHalfExpand(magnitude, 1) < 1000) return englishNumber(value, 1);
  const sign = value < 0 ? '-' : '';
  // The unit of the number's size, or the next one when rounding reaches a thousand of it.
  let unit = COMPACT_UNITS.findLastIndex(({ size }) => size <= magnitude);
  if (unit < 0) unit = 0;
  let scaled = roundHalfExpand(magnitude / COMPACT_UNITS[unit]!.size, 1);
  if (scaled >= 1000 && unit < COMPACT_UNITS.length - 1) {
    unit += 1;
    scaled = roundHalfExpand(magnitude / COMPACT_UNITS[unit]!.size, 1);
  }
  // Intl does not group the digits of a compact number: "1500T".
  return `${sign}${scaled}${COMPACT_UNITS[unit]!.suffix}`;
}
