/**
 * Service text that tries to command the terminal: OSC 52 (write the clipboard), OSC 0 (the
 * window title), OSC 8 (a hyperlink hidden behind innocent text, which Ink itself lets through),
 * CSI (cursor report, attributes, mouse mode), C1 controls, and bare C0 controls.
 */
export const HOSTILE = {
  osc52: '\u001B]52;c;ZWNobyBvd25lZA==\u0007',
  osc0: '\u001B]0;owned-title\u001B\\',
  osc8: '\u001B]8;;https://evil.example/\u0007',
  osc8End: '\u001B]8;;\u0007',
  csi: '\u001B[6n\u001B[5;31m\u001B[?1000h',
  c1: '\u009B6n\u009D0;c1-title\u009C\u0085',
  c0: '\u0007\u0008\u000E',
} as const;

/** "Evil Title Shown" once every sequence and control is removed. */
export const HOSTILE_TITLE = `Evil${HOSTILE.osc52} Title${HOSTILE.osc0} ${HOSTILE.osc8}Sh${HOSTILE.c0}own${HOSTILE.osc8End}${HOSTILE.csi}${HOSTILE.c1}`;
export const SAFE_TITLE = 'Evil Title Shown';
export const HOSTILE_MESSAGE = `Not here${HOSTILE.osc52}${HOSTILE.csi} at ${HOSTILE.osc8}all${HOSTILE.osc8End}${HOSTILE.c1}`;
export const SAFE_MESSAGE = 'Not here at all';

/** Bytes that must never reach the terminal from service text. */
export const FORBIDDEN = ['\u001B]52', '\u001B]8;', 'evil.example', '\u001B]0;owned', 'owned-title', 'c1-title', '\u001B[6n', '\u001B[5;31m', '\u001B[?1000h', '\u009B', '\u009D', '\u009C', '\u0085', '\u0007', '\u000E'];

export function forbiddenIn(output: string): string[] {
  return FORBIDDEN.filter((bytes) => output.includes(bytes)).map((bytes) => JSON.stringify(bytes));
}
