import { spawn } from 'node:child_process';

/** The command that opens an address in the default browser on this platform. */
export function openerCommand(url: string, platform: NodeJS.Platform = process.platform): [string, string[]] {
  if (platform === 'darwin') return ['open', [url]];
  // `start` is a cmd built-in; the empty string is the window title it would otherwise take from the url.
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  return ['xdg-open', [url]];
}

/**
 * Opens `url` in the browser, detached and silent. Never blocks and never throws: the address
 * is on screen anyway, so a missing opener only means the person opens it by hand.
 */
export function openInBrowser(url: string): void {
  // Only web addresses: a file:// or javascript: address from an answer is never handed to the opener.
  if (!/^https?:\/\//i.test(url)) return;
  try {
    const [command, args] = openerCommand(url);
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No opener here; the address stays on screen.
  }
}
