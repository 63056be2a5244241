import type { WriteOutcome } from '../state/index.js';
import { keyHint } from './keymap.js';

/** What to do about a reason state gives, naming the key from the keymap. */
export function reasonHint(reason: 'needsSession'): string {
  switch (reason) {
    case 'needsSession':
      return `${keyHint('app.session')} signs in`;
  }
}

/** A write's outcome as a line: its message, and for a refusal with a reason, the key that helps. */
export function outcomeText(outcome: WriteOutcome): string {
  return !outcome.ok && outcome.reason ? `${outcome.message} (${reasonHint(outcome.reason)})` : outcome.message;
}
