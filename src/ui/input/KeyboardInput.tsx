import { useApp, useInput, usePaste, useStdin, useStdout } from 'ink';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_TOAST_MS, isTooSmall } from '../../state/index.js';
import { useCommandRegistry } from '../commands.js';
import { keyHint } from '../keymap.js';
import { useAppStore } from '../store-context.js';
import { escapeThenKey, keyEventsFromInk } from './key-events.js';
import { isEditingEvent } from './line-editor.js';
import { readMouseFrom } from './mouse-events.js';
import { guardPastes } from './paste-guard.js';
import { InputPipeline } from './pipeline.js';

/**
 * The only reader of the keyboard: Ink's parser feeds the input pipeline, which routes each key
 * through the command registry (popup > overlay > screen > global, a focused field first in its
 * layer). Also turns on bracketed paste, so a paste is text and never a string of shortcuts, and
 * takes mouse and focus reports out of the input (mouse-events.ts).
 *
 * It draws nothing. Its one piece of state is a commit counter: bumping it and waiting for its
 * layout effect is how the pipeline knows React has committed what the previous key changed
 * (React commits all updates made before it in the same render).
 */
/** The messages the keyboard gives that stop being true while they show (notifyWhile). */
const CAUSE = { pasteIgnored: 'paste-ignored', tooSmall: 'terminal-too-small', stillLoading: 'screen-loading' } as const;

/** How long a key typed ahead waits for a loading screen before it is dropped (and said so). */
const TYPED_AHEAD_WAIT_MS = 5000;

export function KeyboardInput() {
  const registry = useCommandRegistry();
  const store = useAppStore();
  const [commits, setCommits] = useState(0);
  const waiters = useRef<Array<() => void>>([]);

  const pipeline = useMemo(() => {
    const notifications = () => store.getState().notifications;
    const notify = (text: string, level: 'info' | 'error') => notifications().notify(text, level);
    registry.onUnavailable = (why) => notify(why, 'info');
    return new InputPipeline({
      route: (event) => {
        const result = registry.route(event);
        // A click is not typed ahead: it was aimed at what is drawn now.
        if (event.kind === 'mouse') return result === 'handled' ? 'acted' : 'none';
        if (result === 'ignored') notifications().notifyWhile(CAUSE.pasteIgnored, 'Paste ignored: only a text field takes pasted text');
        // A paste that went in: the earlier "ignored" is no longer the news.
        else if (event.kind === 'paste' && (result === 'edited' || result === 'handled')) notifications().causeGone(CAUSE.pasteIgnored);
        if ((result === 'unhandled' || result === 'swallowed') && registry.isLoading()) return 'loading';
        if (result === 'unhandled' && isTooSmall(store.getState().terminal)) {
          notifications().notifyWhile(CAUSE.tooSmall, `Key ignored: the terminal is too small (${keyHint('app.quit')} quits)`);
        }
        return result === 'handled' ? 'acted' : result === 'edited' ? 'edited' : 'none';
      },
      // React commits every update made before this one in the same render, and runs the
      // updates that layout effects make (a panel focusing its field) before it returns.
      waitForCommit: () =>
        new Promise<void>((resolve) => {
          waiters.current.push(resolve);
          setCommits((n) => n + 1);
        }),
      waitForScreen: () => registry.whenLoaded(TYPED_AHEAD_WAIT_MS),
      isEdit: isEditingEvent,
      isUrgent: (event) => event.kind === 'key' && event.name === 'ctrl+c',
      typedAs: escapeThenKey,
      onError: (error) => notify(`That key failed: ${error instanceof Error ? error.message : String(error)}`, 'error'),
      onDropped: (event) => {
        notifications().notifyWhile(CAUSE.stillLoading, `Key ${event.kind === 'key' ? event.name : ''} ignored: the screen is still loading`);
        // Once the screen has loaded, saying it is loading is no longer true.
        void registry.whenLoaded(DEFAULT_TOAST_MS).then(() => {
          if (!registry.isLoading()) notifications().causeGone(CAUSE.stillLoading);
        });
      },
    });
  }, [registry, store]);

  // The terminal grew back: "too small" goes with the cause.
  useEffect(
    () =>
      store.subscribe((state, previous) => {
        if (state.terminal !== previous.terminal && !isTooSmall(state.terminal)) state.notifications.causeGone(CAUSE.tooSmall);
      }),
    [store],
  );

  useLayoutEffect(() => {
    const resolved = waiters.current;
    waiters.current = [];
    for (const resolve of resolved) resolve();
  }, [commits]);
  // Nothing may wait for a commit that will never come.
  useEffect(
    () => () => {
      for (const resolve of waiters.current) resolve();
      waiters.current = [];
    },
    [],
  );

  // On a terminal Ink draws at most one frame per 33 ms, and a frame it drew for something else
  // (a page of a list arriving, a spinner) makes a key's frame wait out the rest of that time.
  // Once the keys of a read have acted, their frame is drawn at once: what a key changed is on
  // the screen within a frame of the key, whatever else is being drawn meanwhile.
  const { waitUntilRenderFlush } = useApp();
  const { stdout } = useStdout();
  const onTerminal = (stdout as { isTTY?: boolean }).isTTY === true;
  const push = (events: Parameters<InputPipeline['push']>[0]) => {
    pipeline.push(events);
    if (onTerminal) {
      void pipeline
        .whenIdle()
        .then(() => waitUntilRenderFlush())
        // Quitting meanwhile: nothing is left to draw.
        .catch(() => undefined);
    }
  };

  // Mouse reports are taken out of each read before Ink parses it (Ink drops them), in order
  // with the keys; with the mouse off the terminal sends none, and any that come are dropped.
  const { stdin } = useStdin();
  const pushRef = useRef(push);
  pushRef.current = push;
  // Both wrap what Ink reads: the paste guard sees the bytes first, the mouse reports are split
  // from what it hands on; unwrapped in the reverse order.
  useLayoutEffect(() => {
    const unguard = guardPastes(stdin);
    const unmouse = readMouseFrom(
      stdin,
      (event) => pushRef.current([event]),
      // Back from another window or pane: what the screen shows may have changed elsewhere meanwhile.
      (change) => {
        if (change === 'in') store.getState().queries.focusRegained();
      },
    );
    return () => {
      unmouse();
      unguard();
    };
  }, [stdin, store]);
  useInput((input, key) => push(keyEventsFromInk(input, key)));
  usePaste((text) => push([{ kind: 'paste', text }]));
  return null;
}
