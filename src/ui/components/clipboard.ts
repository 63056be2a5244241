import { useStdout } from 'ink';
import { useCallback } from 'react';

/**
 * OSC 52: asks the terminal to put `text` on the clipboard. It works over ssh and inside tmux
 * (with set-clipboard on), where no clipboard program can reach the person's machine.
 */
export function osc52(text: string): string {
  return `\u001B]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}

/** Copies text through the terminal; Ink's writer keeps the frame intact around the sequence. */
export function useCopyToClipboard(): (text: string) => void {
  const { write } = useStdout();
  return useCallback((text: string) => write(osc52(text)), [write]);
}
