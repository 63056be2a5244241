import { renameSync } from 'node:fs';

/**
 * A file of ours that cannot be used (damaged, unreadable) is never replaced in place: it is
 * renamed beside itself, `<name>.corrupt-<time>`, so whatever it still holds can be looked at by
 * hand, and the next write starts a new one. Returns the new path; throws what rename threw.
 */
export function moveAside(path: string, now: Date = new Date()): string {
  const aside = `${path}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(path, aside);
  return aside;
}
