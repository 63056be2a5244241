/**
 * The catalog's dates are stored as day offsets from "today" and turned into dates when a
 * response is built, so the demo always has films coming out soon and series airing next week,
 * whatever day the catalog was generated. "Today" comes from the server's clock (injectable).
 */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 (UTC) of a moment. */
export function dayNumber(moment: Date): number {
  return Math.floor(moment.getTime() / DAY_MS);
}

/** YYYY-MM-DD of a day number. */
export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The date `offset` days away from `today` (a day number). */
export function dateAt(today: number, offset: number): string {
  return isoDay(today + offset);
}

/** "2016-08-26 17:04:39 UTC": the service's format for token expiry times. */
export function serviceTimestamp(moment: Date): string {
  return `${moment.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
