/**
 * A file of ours that cannot be used (damaged, unreadable) is never replaced in place: it is
 * renamed beside itself to this name, `<name>.corrupt-<time>`, so whatever it still holds can be
 * looked at by hand, and the next write starts a new one.
 */
export function asideName(path: string, now: Date = new Date()): string {
  return `${path}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`;
}
