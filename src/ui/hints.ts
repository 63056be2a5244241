import type { Problem, Reason, WriteOutcome } from '../state/index.js';
import { bindingsFor, keyHint, type CommandId, type HintOptions } from './keymap.js';

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

/**
 * "r rate · X unrate · Enter opens a season": each command's key (from the keymap) and what it
 * does. A bare command says it with its keymap row's footer word, as the footer does; a pair
 * says what the key does on this screen in a whole phrase.
 */
export function hintLine(...hints: readonly (CommandId | readonly [command: CommandId, does: string])[]): string {
  return hints.map((hint) => (typeof hint === 'string' ? `${keyHint(hint)} ${footerWord(hint)}` : `${keyHint(hint[0])} ${hint[1]}`)).join(' · ');
}

/** The footer word of `command`'s keymap row. */
function footerWord(command: CommandId): string {
  const word = bindingsFor(command)[0]?.footer;
  if (word === undefined) throw new Error(`${command} has no footer word in the keymap`);
  return word;
}

/** hintLine for a screen whose text field has the focus: the keys named are ones that work there. */
export function typingHintLine(...hints: readonly (readonly [command: CommandId, does: string])[]): string {
  const typing: HintOptions = { typing: true };
  return hints.map(([command, does]) => `${keyHint(command, typing)} ${does}`).join(' · ');
}
