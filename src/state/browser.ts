import { isWebAddress } from '../api/images.js';
import type { SliceContext } from './slice.js';
import type { NotificationsSlice } from './notifications.js';

export interface BrowserSlice {
  /** Opens an address (an image, a video, a service's page: `what` names it) in the browser; it stays on screen in case no browser opens. */
  open(url: string, what?: string): void;
}

/** The parts of the store this slice uses. */
type BrowserStore = { readonly browser: BrowserSlice; readonly notifications: NotificationsSlice };

export function createBrowserSlice({ get, runtime }: SliceContext<BrowserStore>): BrowserSlice {
  return {
    open(url, what = 'the image') {
      if (!isWebAddress(url)) {
        get().notifications.notify('Not opened: only http and https addresses are opened', 'warning');
        return;
      }
      const open = runtime.deps.openUrl;
      if (!open) {
        get().notifications.notify('No browser to open here: the address is on screen', 'warning');
        return;
      }
      open(url);
      get().notifications.notify(`Opening ${what} in the browser`, 'info');
    },
  };
}
