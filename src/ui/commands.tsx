import { createContext, useContext, useId, useLayoutEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { KeyEvent } from './input/key-events.js';
import { bindingsForKey, isTextKey, KEYMAP, type Binding, type CommandId } from './keymap.js';

/**
 * Input routing. Components declare the commands they handle now (`useCommands`); one input
 * handler at the root (App) turns each key press into a key name and gives it to the layers in
 * priority order: modal form > overlay > screen > global. A modal or an overlay takes every key
 * (only Ctrl-C gets past them); a screen passes on what it does not handle. While a text field
 * has focus, keys that type a character never reach a command.
 */

export type Layer = 'modal' | 'overlay' | 'screen' | 'global';
export type CommandHandler = (key: string) => void;
export type Handlers = Partial<Record<CommandId, CommandHandler>>;

const LAYER_ORDER: readonly Layer[] = ['modal', 'overlay', 'screen', 'global'];
const FORCE_QUIT: CommandId = 'app.forceQuit';

interface Registration {
  readonly id: string;
  readonly layer: Layer;
  readonly scopes: readonly string[];
  readonly handlers: { current: Handlers };
}

/**
 * A focused text field: it sees each event of its layer before the layer's commands, and takes
 * the ones that edit (characters, paste, cursor and kill keys); Enter, Esc, Tab and the like go
 * on to the commands.
 */
export type TextReceiver = (event: KeyEvent) => boolean;

interface ReceiverRegistration {
  readonly id: string;
  readonly layer: Layer;
  readonly receive: { current: TextReceiver };
}

export type DispatchResult = 'handled' | 'swallowed' | 'unhandled';
/**
 * What became of a routed event: 'edited' is text a focused field took (the field keeps its own
 * line up to date at once, so the next key needs no render first); 'ignored' is a paste that no
 * text field took.
 */
export type RouteResult = DispatchResult | 'edited' | 'ignored';

export class CommandRegistry {
  private readonly registrations = new Map<string, Registration>();
  private readonly receivers = new Map<string, ReceiverRegistration>();
  /** Panels still loading their first answer (their keys are not registered yet). */
  private readonly loading = new Set<string>();
  private loadedWaiters: Array<() => void> = [];
  private readonly listeners = new Set<() => void>();
  private version = 0;

  register(registration: Registration): () => void {
    this.registrations.set(registration.id, registration);
    this.changed();
    return () => {
      if (this.registrations.get(registration.id) === registration) {
        this.registrations.delete(registration.id);
        this.changed();
      }
    };
  }

  /** While registered, the field takes the editing keys of its layer (see TextReceiver). */
  registerReceiver(registration: ReceiverRegistration): () => void {
    this.receivers.set(registration.id, registration);
    this.changed();
    return () => {
      if (this.receivers.get(registration.id) === registration) {
        this.receivers.delete(registration.id);
        this.changed();
      }
    };
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

  /** Resolves when no panel is loading any more, or after `timeoutMs`. */
  whenLoaded(timeoutMs: number): Promise<void> {
    if (this.loading.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.loadedWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** True while a text field of the layer that gets keys first has the focus. */
  hasTextFocus(): boolean {
    return this.receiverIn(this.topLayer()) !== undefined;
  }

  /**
   * Routes one event of the input pipeline: Ctrl-C first, then the layers in order; in each, a
   * focused text field before the layer's commands. A modal or an overlay takes every event.
   */
  route(event: KeyEvent, textFocus: boolean): RouteResult {
    if (event.kind === 'key' && this.find('global', event.name, false, FORCE_QUIT)) return this.dispatch(event.name, textFocus);
    for (const layer of LAYER_ORDER) {
      const receiver = this.receiverIn(layer);
      if (receiver?.receive.current(event)) return 'edited';
      if (event.kind === 'paste') {
        if ((layer === 'modal' || layer === 'overlay') && (receiver || this.inLayer(layer).length > 0)) return 'ignored';
        continue;
      }
      if (receiver || this.inLayer(layer).length > 0) return this.dispatchFrom(layer, event.name, textFocus || receiver !== undefined);
    }
    return event.kind === 'paste' ? 'ignored' : 'unhandled';
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /** The layer that gets keys first: the modal if open, else the overlay, else the screen. */
  topLayer(): Layer {
    for (const layer of LAYER_ORDER) if (this.inLayer(layer).length > 0) return layer;
    return 'global';
  }

  /** The bindings that work right now in `layer` (each command once, in keymap order). */
  available(layer: Layer): Binding[] {
    const registrations = this.inLayer(layer);
    return (KEYMAP as readonly Binding[]).filter((binding) =>
      registrations.some((r) => r.scopes.includes(binding.scope) && r.handlers.current[binding.command as CommandId]),
    );
  }

  dispatch(name: string, textFocus: boolean): DispatchResult {
    const forceQuit = this.find('global', name, false, FORCE_QUIT);
    if (forceQuit) {
      forceQuit(name);
      return 'handled';
    }
    return this.dispatchFrom(LAYER_ORDER[0]!, name, textFocus);
  }

  /** Offers the key to the commands of `first` and the layers below it, in order. */
  private dispatchFrom(first: Layer, name: string, textFocus: boolean): DispatchResult {
    for (const layer of LAYER_ORDER.slice(LAYER_ORDER.indexOf(first))) {
      const registrations = this.inLayer(layer);
      if (registrations.length === 0) continue;
      // The text-field rule is about the screen's field: a modal or overlay above it has its own keys.
      const handler = this.find(layer, name, textFocus && (layer === 'screen' || layer === 'global'));
      if (handler) {
        handler(name);
        return 'handled';
      }
      if (layer === 'modal' || layer === 'overlay') return 'swallowed';
    }
    return 'unhandled';
  }

  private find(layer: Layer, name: string, textFocus: boolean, only?: CommandId): CommandHandler | undefined {
    if (textFocus && isTextKey(name)) return undefined;
    for (const registration of this.inLayer(layer)) {
      for (const binding of bindingsForKey(name, registration.scopes)) {
        if (only && binding.command !== only) continue;
        const handler = registration.handlers.current[binding.command as CommandId];
        if (handler) return handler;
      }
    }
    return undefined;
  }

  /** The newest focused field of the layer. */
  private receiverIn(layer: Layer): ReceiverRegistration | undefined {
    return [...this.receivers.values()].filter((r) => r.layer === layer).at(-1);
  }

  /** Newest registration first. Within a layer, components are meant to handle different keys. */
  private inLayer(layer: Layer): Registration[] {
    return [...this.registrations.values()].filter((r) => r.layer === layer).reverse();
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

const RegistryContext = createContext<CommandRegistry | null>(null);

export function CommandRegistryProvider({ registry, children }: { registry: CommandRegistry; children: ReactNode }) {
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

export function useCommandRegistry(): CommandRegistry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useCommandRegistry outside CommandRegistryProvider');
  return registry;
}

/**
 * Declares the commands a component handles while it is mounted (and `active`). Handlers may
 * change on every render; the registry sees the newest without re-registering, and is told
 * when the set of commands changes (so the footer and help follow).
 */
export function useCommands(layer: Layer, scopes: readonly string[], handlers: Handlers, active = true): void {
  const registry = useCommandRegistry();
  const id = useId();
  const current = useRef(handlers);
  current.current = handlers;
  const signature = `${scopes.join(',')}|${Object.keys(handlers).filter((k) => handlers[k as CommandId]).sort().join(',')}`;
  // A layout effect, so the commands are in place when the commit ends: a key that arrives
  // right after a screen change already reaches the new screen.
  useLayoutEffect(() => {
    if (!active) return;
    return registry.register({ id, layer, scopes: signature.split('|')[0]!.split(','), handlers: current });
  }, [registry, id, layer, signature, active]);
}

/**
 * Makes a text field the receiver of its layer's editing keys while `active` (it has the focus).
 * Registered in a layout effect, like commands: the input pipeline routes the key after the one
 * that focused the field only once this has run.
 */
export function useTextReceiver(layer: Layer, receive: TextReceiver, active: boolean): void {
  const registry = useCommandRegistry();
  const id = useId();
  const current = useRef(receive);
  current.current = receive;
  useLayoutEffect(() => {
    if (!active) return;
    return registry.registerReceiver({ id, layer, receive: current });
  }, [registry, id, layer, active]);
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
