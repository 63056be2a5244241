import { isWebAddress } from '../../api/images.js';
import { copyText, type TerminalWriter } from '../../terminal/clipboard.js';
import type { SliceContext } from '../slice.js';
import type { NotificationsSlice } from './notifications.js';

/**
 * The two things every address on screen offers (an image, a homepage, an IMDb page, a video):
 * open it in the browser, copy it. Each says what happened, once it has.
 */
export interface BrowserSlice {
  /** Opens `url` in the browser (`what` names it: "the image"); says so when nothing here can, with the address. */
  open(url: string, what?: string): Promise<void>;
  /** Copies `text` to the system clipboard, or through the terminal (`terminal` writes OSC 52) when there is none. */
  copy(text: string, terminal: TerminalWriter): Promise<void>;
}

/** The parts of the store this slice uses. */
type BrowserStore = { readonly browser: BrowserSlice; readonly notifications: NotificationsSlice };

/** A toast that carries an address stays long enough to read it and copy it by hand. */
const ADDRESS_TOAST_MS = 12_000;

export function createBrowserSlice({ get, runtime }: SliceContext<BrowserStore>): BrowserSlice {
  const notify: NotificationsSlice['notify'] = (...args) => get().notifications.notify(...args);
  return {
    async open(url, what = 'the image') {
      if (!isWebAddress(url)) {
        notify('Not opened: only http and https addresses are opened', 'warning');
        return;
      }
      const open = runtime.deps.openUrl;
      const outcome = open ? await open(url) : { kind: 'no-opener' as const, why: 'none configured' };
      if (outcome.kind === 'opened') notify(`Opened ${what} in the browser (${outcome.command})`, 'success');
      else if (outcome.kind === 'no-opener') notify(`No browser opener here: ${outcome.why}. The address:`, 'warning', ADDRESS_TOAST_MS, url);
      else notify(`Could not open ${what}: ${outcome.why}. The address:`, 'error', ADDRESS_TOAST_MS, url);
    },
    async copy(text, terminal) {
      const clipboard = runtime.deps.clipboard;
      const environment = clipboard?.environment ?? { platform: process.platform, env: {} };
      try {
        const route = await copyText(text, environment, clipboard?.system, terminal);
        notify(route === 'system' ? `Copied to the clipboard: ${text}` : `Asked the terminal to copy (OSC 52; it may not): ${text}`, 'success');
      } catch (error) {
        notify(`Could not copy: ${(error as Error).message}. The address:`, 'error', ADDRESS_TOAST_MS, text);
      }
    },
  };
}
