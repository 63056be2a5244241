import type { Problem, Reason, WriteOutcome } from '../state/index.js';
import { keyHint, type CommandId, type HintOptions } from './keymap.js';

/** What to do about a reason state gives, naming the key from the keymap. */
export function reasonHint(reason: Reason): string {
  switch (reason) {
    case 'needsSession':
      return `${keyHint('app.session')} signs in`;
    case 'sessionRejected':
      return `${keyHint('app.session')} starts another session`;
  }
}

/** A problem as a line: its message, and when state says what would help, the key that does. */
export function problemText(problem: Problem): string {
  return problem.reason ? `${problem.message} (${reasonHint(problem.reason)})` : problem.message;
}

/** A write's outcome as a line: its message, and for a refusal with a reason, the key that helps. */
export function outcomeText(outcome: WriteOutcome): string {
  return outcome.ok ? outcome.message : problemText(outcome);
}

/** "r rate · d unrate · Enter opens": each command's key (from the keymap) and what it does here. */
export function hintLine(...hints: readonly (readonly [command: CommandId, does: string])[]): string {
  return hints.map(([command, does]) => `${keyHint(command)} ${does}`).join(' · ');
}

/** hintLine for a screen whose text field has the focus: the keys named are ones that work there. */
export function typingHintLine(...hints: readonly (readonly [command: CommandId, does: string])[]): string {
  const typing: HintOptions = { typing: true };
  return hints.map(([command, does]) => `${keyHint(command, typing)} ${does}`).join(' · ');
}
