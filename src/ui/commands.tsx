import { measureElement, type DOMElement } from 'ink';
import { createContext, useContext, useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import type { InputEvent, KeyEvent } from './input/key-events.js';
import type { MouseEvent } from './input/mouse-events.js';
import type { ScreenWait } from './input/pipeline.js';
import { bindingsForKey, commandArg, currentKeymap, isTextKey, type Binding, type CommandArg, type CommandId, type CommandIn, type Scope } from './keymap.js';

/**
 * Input routing. Components declare the commands they handle now (`useCommands`); the input
 * pipeline (input/) gives each key event to the layers in priority order: the popup on top >
 * screen > global. Popups (modal forms, the help overlay, confirms, pickers) are one stack: the
 * newest takes every key (only Ctrl-C gets past it), and the commands and text fields of
 * whatever is drawn inside it belong to it. A screen passes on what it does not handle. In each
 * layer a focused text field sees the event before the commands; while a screen's text field has
 * focus, keys that type a character never reach a screen or global command.
 */

export type Layer = 'popup' | 'screen' | 'global';
export type PopupKind = 'form' | 'overlay' | 'confirm' | 'picker';
/** Runs a command; told the argument of the key pressed (see `args` in the keymap). */
export type CommandHandler<C extends CommandId = CommandId> = (arg: CommandArg<C>) => void;

/**
 * A command that belongs here but cannot act now (nothing selected, nobody signed in): its key
 * says why instead of doing nothing, and help lists it with the reason.
 */
export interface Unavailable {
  readonly unavailable: string;
}

export function unavailable(why: string): Unavailable {
  return { unavailable: why };
}

/** Handlers for the commands of scopes `S`: a command bound elsewhere is a type error. */
export type Handlers<S extends Scope = Scope> = { readonly [C in CommandIn<S>]?: CommandHandler<C> | Unavailable };

const FORCE_QUIT: CommandId = 'app.forceQuit';

interface Registration {
  readonly id: string;
  readonly layer: 'screen' | 'global';
  /** The popup the component is drawn in; its commands work only while that popup is on top. */
  readonly popup?: string;
  readonly scopes: readonly string[];
  readonly handlers: { current: Handlers };
  /**
   * When the component first rendered (CommandRegistry.renderOrder): of two that bind a key,
   * the later one acts. Not when it registered: React runs a child's effects before its
   * parent's, so a list drawn at once with its screen (its rows already loaded) would register
   * first, and drawn later (rows still loading) last, and a key both bind would change meaning
   * with the timing of an answer. A component drawn later than another, or inside it, is later.
   */
  readonly order: number;
}

export interface PopupEntry {
  readonly id: string;
  readonly kind: PopupKind;
}

/**
 * A focused text field: it sees each event of its layer before the layer's commands, and takes
 * the ones that edit (characters, paste, cursor and kill keys); Enter, Esc, Tab and the like go
 * on to the commands.
 */
export type TextReceiver = (event: KeyEvent) => boolean;

/**
 * Takes a character typed on the screen that no command of the screen or the global layer
 * claims (the Search results send it back to the query). True when it took it.
 */
export type UnclaimedTextTaker = (character: string) => boolean;

interface ReceiverRegistration {
  readonly id: string;
  /** The popup the field is drawn in; without one, the field is the screen's. */
  readonly popup?: string;
  readonly receive: { current: TextReceiver };
}

/**
 * A mouse event as an area sees it: x and y are relative to the area's top-left cell; `inside`
 * is false for a wheel turned over no area, given to the newest area that scrolls.
 */
export interface AreaMouseEvent extends MouseEvent {
  readonly inside: boolean;
}

/** Handles a mouse event in its area; true when it acted. */
export type MouseHandler = (event: AreaMouseEvent) => boolean;

interface MouseAreaRegistration {
  readonly id: string;
  readonly popup?: string;
  readonly element: RefObject<DOMElement | null>;
  readonly handle: { current: MouseHandler };
  /** Takes the wheel turned over no area (a list: the one with the keys). */
  readonly scrolls: boolean;
}

interface FooterWordsRegistration {
  readonly id: string;
  readonly popup?: string;
  readonly words: Partial<Record<CommandId, string>>;
  /** As Registration.order: of two components that word one command, the one drawn later speaks. */
  readonly order: number;
}

export type DispatchResult = 'handled' | 'swallowed' | 'unhandled';
/**
 * What became of a routed event: 'edited' is text a focused field took (the field keeps its own
 * line up to date at once, so the next key needs no render first); 'ignored' is a paste that no
 * text field took.
 */
export type RouteResult = DispatchResult | 'edited' | 'ignored';

/**
 * Keeps `value` under `id` until the returned function is called; a later registration under the
 * same id stays when an earlier one is released. `changed` runs after each change made.
 */
function heldUntilReleased<V>(map: Map<string, V>, id: string, value: V, changed: () => void = () => {}): () => void {
  map.set(id, value);
  changed();
  return () => {
    if (map.get(id) !== value) return;
    map.delete(id);
    changed();
  };
}

export class CommandRegistry {
  private readonly registrations = new Map<string, Registration>();
  private readonly receivers = new Map<string, ReceiverRegistration>();
  private readonly unclaimedTakers = new Map<string, { current: UnclaimedTextTaker }>();
  private readonly mouseAreas = new Map<string, MouseAreaRegistration>();
  private readonly footerWords = new Map<string, FooterWordsRegistration>();
  /** Whether mouse events act (the config file's `mouse`); off, they are dropped unseen. */
  mouse = false;
  private popups: PopupEntry[] = [];
  private renders = 0;
  /** Panels still loading their first answer (their keys are not registered yet). */
  private readonly loading = new Set<string>();
  private loadedWaiters: Array<() => void> = [];
  private readonly listeners = new Set<() => void>();
  private version = 0;
  /** Told why, when a key's command is unavailable (the app shows it as a notice). */
  onUnavailable: (why: string) => void = () => {};

  /** A number for a component's first render, larger for each later one (see Registration.order). */
  renderOrder(): number {
    return ++this.renders;
  }

  /** Without an order, the registration counts as drawn now. */
  register(registration: Omit<Registration, 'order'> & { readonly order?: number }): () => void {
    const ordered: Registration = { ...registration, order: registration.order ?? this.renderOrder() };
    return heldUntilReleased(this.registrations, registration.id, ordered, () => this.changed());
  }

  /** While registered, the field takes the editing keys of its layer (see TextReceiver). */
  registerReceiver(registration: ReceiverRegistration): () => void {
    return heldUntilReleased(this.receivers, registration.id, registration, () => this.changed());
  }

  /** While registered, the screen takes the characters nothing else claims (see route). */
  registerUnclaimedText(id: string, take: { current: UnclaimedTextTaker }): () => void {
    return heldUntilReleased(this.unclaimedTakers, id, take);
  }

  /** While registered, the area gets the mouse events over it (see routeMouse). */
  registerMouseArea(registration: MouseAreaRegistration): () => void {
    return heldUntilReleased(this.mouseAreas, registration.id, registration);
  }

  setLoading(id: string, loading: boolean): void {
    if (loading) this.loading.add(id);
    else this.loading.delete(id);
    if (this.loading.size === 0) {
      const waiters = this.loadedWaiters;
      this.loadedWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /** True while a panel of the screen is still loading what its keys act on. */
  isLoading(): boolean {
    return this.loading.size > 0;
  }

  /** Resolves with 'loaded' when no panel is loading any more, or with 'gave-up' after `timeoutMs`. */
  whenLoaded(timeoutMs: number): Promise<ScreenWait> {
    if (this.loading.size === 0) return Promise.resolve('loaded');
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve('gave-up'), timeoutMs);
      this.loadedWaiters.push(() => {
        clearTimeout(timer);
        resolve('loaded');
      });
    });
  }

  /** True while a text field of the layer that gets keys first has the focus. */
  hasTextFocus(): boolean {
    return this.receiverIn(this.topLayer()) !== undefined;
  }

  /**
   * Routes one event of the input pipeline: Ctrl-C first; then the popup on top, which takes
   * every event (its field first, then its commands); else the screen's field, the screen's
   * commands and the global ones. A paste no field takes is ignored, never run as keys.
   */
  route(event: InputEvent): RouteResult {
    if (event.kind === 'mouse') return this.routeMouse(event);
    if (event.kind === 'key' && this.find('global', event.name, false, FORCE_QUIT)) return this.dispatch(event.name, false);
    if (this.popups.length > 0) {
      if (this.receiverIn('popup')?.receive.current(event)) return 'edited';
      return event.kind === 'paste' ? 'ignored' : this.dispatch(event.name, false);
    }
    const receiver = this.receiverIn('screen');
    if (receiver?.receive.current(event)) return 'edited';
    if (event.kind === 'paste') return 'ignored';
    const result = this.dispatch(event.name, receiver !== undefined);
    // A character nothing claimed goes to the screen's taker, if any; not while a panel loads,
    // whose keys (j, k) are not registered yet: a key typed ahead waits for them instead.
    if (result === 'unhandled' && receiver === undefined && !this.isLoading() && isTextKey(event.name) && event.name.trim() !== '') {
      const taker = [...this.unclaimedTakers.values()].at(-1);
      if (taker?.current(event.name)) return 'handled';
    }
    return result;
  }

  /**
   * A mouse event goes where a key would: to the popup on top if one is open (which swallows
   * what none of its areas takes), else to the screen and the header. Within that layer the
   * newest area under the pointer gets it; a wheel turned over no area scrolls the newest list.
   * Areas are measured now, after the render the last event waited for, so a row is where it
   * was drawn.
   */
  routeMouse(event: MouseEvent): DispatchResult {

    if (!this.mouse) return 'unhandled';
    const top = this.topPopup()?.id;
    const areas = [...this.mouseAreas.values()].filter((area) => area.popup === top).reverse();
    const miss: DispatchResult = top === undefined ? 'unhandled' : 'swallowed';
    for (const area of areas) {
      const element = area.element.current;
      if (!element) continue;
      const box = measureElement(element);
      const x = event.x - box.x;
      const y = event.y - box.y;
      if (x < 0 || y < 0 || x >= box.width || y >= box.height) continue;
      return area.handle.current({ ...event, x, y, inside: true }) ? 'handled' : miss;
    }
    if (event.button === 'wheelUp' || event.button === 'wheelDown') {
      const list = areas.find((area) => area.scrolls && area.element.current);
      if (list?.handle.current({ ...event, x: 0, y: 0, inside: false })) return 'handled';
    }
    return miss;
  }

  /** Puts a popup on top of the stack; the returned function takes it off. */
  openPopup(popup: PopupEntry): () => void {
    this.popups = [...this.popups, popup];
    this.changed();
    return () => {
      this.popups = this.popups.filter((p) => p !== popup);
      this.changed();
    };
  }

  /** The popup that takes the keys now, if one is open. */
  topPopup(): PopupEntry | undefined {
    return this.popups.at(-1);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /** The layer that gets keys first: the popup on top if one is open, else the screen. */
  topLayer(): Layer {
    if (this.popups.length > 0) return 'popup';
    return this.inLayer('screen').length > 0 ? 'screen' : 'global';
  }

  /** The bindings of `layer` right now, each command once, in keymap order: what works, and what is unavailable. */
  available(layer: Layer): Binding[] {
    const registrations = this.inLayer(layer);
    return currentKeymap().filter((binding) =>
      registrations.some((r) => r.scopes.includes(binding.scope) && r.handlers.current[binding.command as CommandId]),
    );
  }

  /**
   * Keys that more than one command of `layer` claims right now (each with the commands, in
   * keymap order). A key must mean one thing in one place: where two components of a layer bind
   * it, only the newest acts, and help and the footer would name it twice.
   */
  clashes(layer: Layer): Array<{ key: string; commands: string[] }> {
    const claims = new Map<string, Set<string>>();
    for (const registration of this.inLayer(layer)) {
      for (const binding of currentKeymap()) {
        if (!registration.scopes.includes(binding.scope) || !registration.handlers.current[binding.command as CommandId]) continue;
        for (const key of binding.keys) claims.set(key, (claims.get(key) ?? new Set()).add(binding.command));
      }
    }
    return [...claims].filter(([, commands]) => commands.size > 1).map(([key, commands]) => ({ key, commands: [...commands] }));
  }

  /**
   * The command `key` runs now in `layer` (the newest registration that binds it), whether it
   * can act or would say why not: the footer names a key only with the meaning it has now.
   */
  commandFor(layer: Layer, key: string): string | undefined {
    for (const registration of this.inLayer(layer)) {
      const binding = bindingsForKey(key, registration.scopes).find((b) => registration.handlers.current[b.command as CommandId]);
      if (binding) return binding.command;
    }
    return undefined;
  }

  /** Says what a command does here, in place of its keymap footer word ("ticks" for Enter in the genre picker). */
  registerFooterWords(registration: Omit<FooterWordsRegistration, 'order'> & { readonly order?: number }): () => void {
    const ordered: FooterWordsRegistration = { ...registration, order: registration.order ?? this.renderOrder() };
    return heldUntilReleased(this.footerWords, registration.id, ordered, () => this.changed());
  }

  /** The footer word a component of `layer` gave `command`, if one did. */
  footerWord(layer: Layer, command: string): string | undefined {
    const top = this.topPopup()?.id;
    const inside = (r: FooterWordsRegistration) => (layer === 'popup' ? top !== undefined && r.popup === top : r.popup === undefined);
    return [...this.footerWords.values()]
      .filter(inside)
      .sort((a, b) => b.order - a.order)
      .find((r) => r.words[command as CommandId])?.words[command as CommandId];
  }

  /** Why `command` cannot act now in `layer`; undefined when it works (or is not there at all). */
  whyUnavailable(layer: Layer, command: Binding['command']): string | undefined {
    for (const registration of this.inLayer(layer)) {
      const entry = registration.handlers.current[command as CommandId];
      if (typeof entry === 'function') return undefined;
      if (entry) return entry.unavailable;
    }
    return undefined;
  }

  /**
   * Runs `command` of the screen or global layer (in that order) as its key `name` would, from
   * under any popup: the command palette runs what it lists this way, once it has closed.
   * False when neither layer has the command now.
   */
  runCommand(command: CommandId, name: string): boolean {
    for (const layer of ['screen', 'global'] as const) {
      for (const registration of this.inLayer(layer)) {
        const entry = registration.handlers.current[command];
        const binding = bindingsForKey(name, registration.scopes).find((b) => b.command === command);
        if (!entry || !binding) continue;
        if (typeof entry === 'function') (entry as (arg: string | undefined) => void)(commandArg(binding, name));
        else this.onUnavailable(entry.unavailable);
        return true;
      }
    }
    return false;
  }

  dispatch(name: string, textFocus: boolean): DispatchResult {
    const forceQuit = this.find('global', name, false, FORCE_QUIT);
    if (forceQuit) {
      forceQuit();
      return 'handled';
    }
    if (this.popups.length > 0) {
      // The text-field rule is about the screen's field: a popup above it has its own keys, and
      // its own field has already taken what it edits.
      const handler = this.find('popup', name, false);
      if (handler) handler();
      return handler ? 'handled' : 'swallowed';
    }
    for (const layer of ['screen', 'global'] as const) {
      const handler = this.find(layer, name, textFocus);
      if (handler) {
        handler();
        return 'handled';
      }
    }
    return 'unhandled';
  }

  /** What runs the command `name` triggers in `layer`: its handler with the key's argument, or the reason it cannot act. */
  private find(layer: Layer, name: string, textFocus: boolean, only?: CommandId): (() => void) | undefined {
    if (textFocus && isTextKey(name)) return undefined;
    for (const registration of this.inLayer(layer)) {
      for (const binding of bindingsForKey(name, registration.scopes)) {
        if (only && binding.command !== only) continue;
        const entry = registration.handlers.current[binding.command as CommandId];
        // The handler's argument type is the binding's own (Handlers pairs them by command id).
        if (typeof entry === 'function') return () => (entry as (arg: string | undefined) => void)(commandArg(binding, name));
        if (entry) return () => this.onUnavailable(entry.unavailable);
      }
    }
    return undefined;
  }

  /** The newest focused field of the layer (in the popup on top, for 'popup'). */
  private receiverIn(layer: Layer): ReceiverRegistration | undefined {
    if (layer === 'global') return undefined;
    const top = this.topPopup()?.id;
    const inside = (r: ReceiverRegistration) => (layer === 'popup' ? top !== undefined && r.popup === top : r.popup === undefined);
    return [...this.receivers.values()].filter(inside).at(-1);
  }

  /** The component drawn last first (Registration.order). Within a layer, components are meant to handle different keys. */
  private inLayer(layer: Layer): Registration[] {
    const top = this.topPopup()?.id;
    const inside = (r: Registration) => (layer === 'popup' ? top !== undefined && r.popup === top : r.popup === undefined && r.layer === layer);
    return [...this.registrations.values()].filter(inside).sort((a, b) => b.order - a.order);
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

const RegistryContext = createContext<CommandRegistry | null>(null);
/** The popup a component is drawn in, if any. */
const PopupContext = createContext<string | undefined>(undefined);

export function CommandRegistryProvider({ registry, children }: { registry: CommandRegistry; children: ReactNode }) {
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

export function useCommandRegistry(): CommandRegistry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useCommandRegistry outside CommandRegistryProvider');
  return registry;
}

/**
 * A popup: while mounted it is on top of the popup stack (until a newer one opens) and takes
 * every key; the commands of the components inside it are its own.
 */
export function Popup({ kind, children }: { kind: PopupKind; children: ReactNode }) {
  const registry = useCommandRegistry();
  const id = useId();
  useLayoutEffect(() => registry.openPopup({ id, kind }), [registry, id, kind]);
  return <PopupContext.Provider value={id}>{children}</PopupContext.Provider>;
}

/**
 * Declares the commands a component handles while it is mounted (and `active`); inside a
 * Popup they are the popup's. Handlers may
 * change on every render; the registry sees the newest without re-registering, and is told
 * when the set of commands changes (so the footer and help follow).
 */
export function useCommands<S extends Scope>(layer: 'screen' | 'global', scopes: readonly S[], scoped: Handlers<S>, active = true): void {
  const registry = useCommandRegistry();
  const popup = useContext(PopupContext);
  const id = useId();
  const [order] = useState(() => registry.renderOrder());
  // The registry looks commands up by any id; the scopes' own were checked at the call.
  const handlers: Handlers = scoped;
  const current = useRef(handlers);
  current.current = handlers;
  // Which commands there are, and which of them cannot act now: the footer and help follow both.
  const commands = Object.keys(handlers)
    .filter((k) => handlers[k as CommandId])
    .map((k) => (typeof handlers[k as CommandId] === 'function' ? k : `${k}!`))
    .sort();
  const signature = `${scopes.join(',')}|${commands.join(',')}`;
  // A layout effect, so the commands are in place when the commit ends: a key that arrives
  // right after a screen change already reaches the new screen.
  useLayoutEffect(() => {
    if (!active) return;
    return registry.register({ id, layer, popup, scopes: signature.split('|')[0]!.split(','), handlers: current, order });
  }, [registry, id, layer, popup, signature, active, order]);
}

/**
 * Names in the footer what a command does here, where the keymap's word would be vague: a list
 * whose Enter ticks a row says "ticks", not "open". Inside a Popup the words are the popup's.
 */
export function useFooterWords(words: Partial<Record<CommandId, string>>): void {
  const registry = useCommandRegistry();
  const popup = useContext(PopupContext);
  const id = useId();
  const [order] = useState(() => registry.renderOrder());
  const signature = JSON.stringify(words);
  useLayoutEffect(
    () => registry.registerFooterWords({ id, popup, words: JSON.parse(signature) as Partial<Record<CommandId, string>>, order }),
    [registry, id, popup, signature, order],
  );
}

/**
 * Makes a text field the receiver of its layer's editing keys while `active` (it has the focus);
 * inside a Popup the field is the popup's. Registered in a layout effect, like commands: the
 * input pipeline routes the key after the one that focused the field only once this has run.
 */
export function useTextReceiver(receive: TextReceiver, active: boolean): void {
  const registry = useCommandRegistry();
  const popup = useContext(PopupContext);
  const id = useId();
  const current = useRef(receive);
  current.current = receive;
  useLayoutEffect(() => {
    if (!active) return;
    return registry.registerReceiver({ id, popup, receive: current });
  }, [registry, id, popup, active]);
}

/**
 * Gives `take` the characters typed on the screen that no command claims, while `active` and
 * no popup is open. Registered in a layout effect, like commands.
 */
export function useUnclaimedText(take: UnclaimedTextTaker, active: boolean): void {
  const registry = useCommandRegistry();
  const id = useId();
  const current = useRef(take);
  current.current = take;
  useLayoutEffect(() => {
    if (!active) return;
    return registry.registerUnclaimedText(id, current);
  }, [registry, id, active]);
}

/**
 * Gives the mouse events over `element` to `handle` while `active` (only when the config file
 * turns the mouse on); inside a Popup the area is the popup's. `scrolls`: a list, which also
 * takes the wheel turned over no area.
 */
export function useMouseArea(element: RefObject<DOMElement | null>, handle: MouseHandler, options: { active?: boolean; scrolls?: boolean } = {}): void {
  const registry = useCommandRegistry();
  const popup = useContext(PopupContext);
  const id = useId();
  const current = useRef(handle);
  current.current = handle;
  const { active = true, scrolls = false } = options;
  useLayoutEffect(() => {
    if (!active) return;
    return registry.registerMouseArea({ id, popup, element, handle: current, scrolls });
  }, [registry, id, popup, element, active, scrolls]);
}

/**
 * Marks a panel as loading what its keys will act on: a key that nothing takes meanwhile waits
 * for the panel (see the input pipeline) instead of being lost.
 */
export function useLoadingMarker(loading: boolean): void {
  const registry = useCommandRegistry();
  const id = useId();
  useLayoutEffect(() => {
    if (!loading) return;
    registry.setLoading(id, true);
    return () => registry.setLoading(id, false);
  }, [registry, id, loading]);
}

/** Re-renders the caller whenever the available commands change. */
export function useRegistryVersion(): number {
  const registry = useCommandRegistry();
  return useSyncExternalStore(registry.subscribe, registry.getVersion, registry.getVersion);
}
