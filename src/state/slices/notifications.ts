import { cutText, oneLine, SERVICE_TEXT_LIMITS } from '../../contract/text.js';
import { patchSlice, type SliceContext } from '../slice.js';
import type { Timers } from '../deps.js';

export type ToastLevel = 'info' | 'success' | 'warning' | 'error';

export interface Toast {
  readonly id: number;
  readonly text: string;
  readonly level: ToastLevel;
  /** Set shortly before the toast goes away, so the UI can dim it. */
  readonly fading: boolean;
  /** An address the toast shows on a line of its own (so it is never cut short by the message). */
  readonly address?: string;
  /** What the message is about (see notifyWhile): it goes when that goes. */
  readonly cause?: string;
}

export interface NotificationsSlice {
  readonly toasts: readonly Toast[];
  notify(text: string, level?: ToastLevel, ttlMs?: number, address?: string): number;
  /**
   * A message about something that may stop being true before the message would fade ("the
   * terminal is too small"): it takes the place of an earlier one about the same cause, and
   * `causeGone(cause)` takes it away, so the screen never says what is no longer so.
   */
  notifyWhile(cause: string, text: string, level?: ToastLevel): number;
  /** Takes away the messages about `cause` (the terminal grew, a paste went in). */
  causeGone(cause: string): void;
  dismiss(id: number): void;
}

export const DEFAULT_TOAST_MS = 4_000;
/** How long before it disappears a toast is shown dimmed. */
export const FADE_MS = 1_200;
/** More than this many toasts at once is noise: the oldest go first. */
const MAX_TOASTS = 3;

const realTimers: Timers = {
  setTimeout(fn, ms) {
    const handle = setTimeout(fn, ms);
    // A pending toast must not keep the process alive after the TUI quits.
    handle.unref();
    return handle;
  },
  clearTimeout(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};

/** The parts of the store this slice uses. */
type NotificationsStore = { readonly notifications: NotificationsSlice };

export function createNotificationsSlice({ set, get, runtime }: SliceContext<NotificationsStore>): NotificationsSlice {
  const timers = runtime.deps.timers ?? realTimers;
  const pending = new Map<number, unknown[]>();
  let nextId = 1;

  const clearTimers = (id: number) => {
    for (const handle of pending.get(id) ?? []) timers.clearTimeout(handle);
    pending.delete(id);
  };

  return {
    toasts: [],
    notify(text, level = 'info', ttlMs = DEFAULT_TOAST_MS, address) {
      const id = nextId++;
      // Toasts often quote the service (a title, its error message): never an escape sequence, on one line.
      const shown = oneLine(cutText(text, SERVICE_TEXT_LIMITS.other));
      const toasts = [...get().notifications.toasts, { id, text: shown, level, fading: false, ...(address === undefined ? {} : { address: oneLine(address) }) }];
      for (const dropped of toasts.slice(0, Math.max(0, toasts.length - MAX_TOASTS))) clearTimers(dropped.id);
      patchSlice(set, 'notifications', { toasts: toasts.slice(-MAX_TOASTS) });
      const fade = timers.setTimeout(() => {
        patchSlice(set, 'notifications', (n) => ({
          toasts: n.toasts.map((t) => (t.id === id ? { ...t, fading: true } : t)),
        }));
      }, Math.max(0, ttlMs - FADE_MS));
      const remove = timers.setTimeout(() => get().notifications.dismiss(id), ttlMs);
      pending.set(id, [fade, remove]);
      return id;
    },
    notifyWhile(cause, text, level = 'info') {
      get().notifications.causeGone(cause);
      const id = get().notifications.notify(text, level);
      patchSlice(set, 'notifications', (n) => ({ toasts: n.toasts.map((t) => (t.id === id ? { ...t, cause } : t)) }));
      return id;
    },
    causeGone(cause) {
      for (const toast of get().notifications.toasts) if (toast.cause === cause) get().notifications.dismiss(toast.id);
    },
    dismiss(id) {
      clearTimers(id);
      patchSlice(set, 'notifications', (n) =>
        n.toasts.some((t) => t.id === id) ? { toasts: n.toasts.filter((t) => t.id !== id) } : {},
      );
    },
  };
}
