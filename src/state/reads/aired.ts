/**
 * Whether an episode has aired, as rating asks (and as Up next does): one with an air date after
 * today has not, nor has one without an air date (the service lists episodes announced but not
 * scheduled yet that way). Batches and rating mode skip them; rating one on its own asks first.
 */
export function notAiredYet(airDate: string | null | undefined, today: string): boolean {
  return !airDate || airDate > today;
}
