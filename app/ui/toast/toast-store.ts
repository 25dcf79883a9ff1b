import { systemTimers, type Timers } from "#app/lib/loading.ts";

/** Spec §9: how long a toast stays, how long it takes to slide in (and out), its width and layer. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_SPEED_MS = 300;
export const TOAST_WIDTH = 300;
export const TOAST_Z_INDEX = 5000;

export type ToastType = "warn" | "error" | "success" | "default";
/** Spec §4: a toast is idle while alive and destroyed once it has left the screen. */
export type ToastState = "idle" | "destroyed";

export interface ToastOptions {
  title: string;
  text?: string;
  type?: ToastType;
  /** A new toast of a group replaces the one on screen (e.g. repeated "added to basket"). */
  group?: string;
  duration?: number;
  speed?: number;
  data?: unknown;
  /** A link under the text that takes the shopper on (e.g. «Перейти в корзину»). */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  /** A path of the storefront. */
  to: string;
}

export interface Toast {
  id: string;
  title: string;
  text?: string;
  type: ToastType;
  group?: string;
  duration: number;
  speed: number;
  data?: unknown;
  action?: ToastAction;
  /** Playing its leave transition (`speed` ms) before it is destroyed. */
  leaving: boolean;
}

const ID_PREFIX = "toast-";

interface Entry {
  toast: Toast;
  /** The one pending timer: the start of the leave transition, then the removal. */
  timer: unknown;
  /** Time left until the leave transition, as of `runningSince` (or for good, while paused). */
  remaining: number;
  /** When the countdown last (re)started; null while it is paused. */
  runningSince: number | null;
}

/** Why toasts are held on screen: the pointer is over them, or focus is inside them (WCAG 2.2.1). */
export type ToastPauseReason = "hover" | "focus";

type Listener = () => void;

/**
 * The toasts on screen. Timeline of one toast: enters over `speed`, stays `duration`, leaves over `speed`,
 * and is destroyed (removed) at duration + 2 × speed. While paused (pointer over the toasts, or focus in
 * them) the countdown of every toast that is not already leaving stops and later resumes where it was, so
 * nobody loses a toast they are reading or about to click. Snapshots are immutable arrays for
 * `useSyncExternalStore`.
 */
export class ToastStore {
  #entries = new Map<string, Entry>();
  #snapshot: readonly Toast[] = [];
  #nextId = 1;
  readonly #pauses = new Set<ToastPauseReason>();
  readonly #listeners = new Set<Listener>();
  readonly #timers: Timers;

  constructor(timers: Timers = systemTimers) {
    this.#timers = timers;
  }

  show = (options: ToastOptions): string => {
    const id = `${ID_PREFIX}${this.#nextId++}`;
    const toast: Toast = {
      id,
      title: options.title,
      text: options.text,
      type: options.type ?? "default",
      group: options.group,
      duration: options.duration ?? TOAST_DURATION_MS,
      speed: options.speed ?? TOAST_SPEED_MS,
      data: options.data,
      action: options.action,
      leaving: false,
    };
    if (toast.group !== undefined) {
      for (const entry of this.#entries.values()) {
        if (entry.toast.group === toast.group) this.#destroy(entry.toast.id);
      }
    }
    const entry: Entry = {
      toast,
      timer: undefined,
      remaining: toast.duration + toast.speed,
      runningSince: null,
    };
    this.#entries.set(id, entry);
    // Shown while the shopper holds the others: it waits with them.
    if (this.#pauses.size === 0) this.#run(entry);
    this.#emit();
    return id;
  };

  /** Closes a toast early: it plays its leave transition, then is destroyed `speed` ms later. */
  dismiss = (id: string): void => {
    this.#leave(id);
  };

  /** Stops every countdown for `reason` until `resume(reason)`; reasons add up (hover and focus). */
  pause = (reason: ToastPauseReason): void => {
    if (this.#pauses.has(reason)) return;
    this.#pauses.add(reason);
    if (this.#pauses.size > 1) return;
    for (const entry of this.#entries.values()) {
      if (entry.toast.leaving || entry.runningSince === null) continue;
      this.#timers.clearTimeout(entry.timer);
      entry.remaining = Math.max(0, entry.remaining - (this.#timers.now() - entry.runningSince));
      entry.runningSince = null;
    }
  };

  /** Lifts the pause for `reason`; once no reason is left, each countdown goes on from where it stopped. */
  resume = (reason: ToastPauseReason): void => {
    if (!this.#pauses.delete(reason) || this.#pauses.size > 0) return;
    for (const entry of this.#entries.values()) {
      if (!entry.toast.leaving && entry.runningSince === null) this.#run(entry);
    }
  };

  get isPaused(): boolean {
    return this.#pauses.size > 0;
  }

  /** Removes every toast at once, without transitions. */
  clear = (): void => {
    for (const id of [...this.#entries.keys()]) this.#destroy(id);
    this.#emit();
  };

  get = (id: string): Toast | undefined => this.#entries.get(id)?.toast;

  /** "idle" while the toast is in the store (entering, shown or leaving), "destroyed" once removed. */
  stateOf = (id: string): ToastState | undefined => {
    if (this.#entries.has(id)) return "idle";
    return this.#issued(id) ? "destroyed" : undefined;
  };

  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  getSnapshot = (): readonly Toast[] => this.#snapshot;

  #run(entry: Entry): void {
    entry.runningSince = this.#timers.now();
    entry.timer = this.#timers.setTimeout(() => this.#leave(entry.toast.id), entry.remaining);
  }

  #leave(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry || entry.toast.leaving) return;
    this.#timers.clearTimeout(entry.timer);
    entry.runningSince = null;
    entry.timer = this.#timers.setTimeout(() => this.#destroyAndEmit(id), entry.toast.speed);
    entry.toast = { ...entry.toast, leaving: true };
    this.#emit();
  }

  #destroy(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#timers.clearTimeout(entry.timer);
    this.#entries.delete(id);
  }

  // Ids are sequential, so every id up to the last one handed out has existed.
  #issued(id: string): boolean {
    const n = Number(id.slice(ID_PREFIX.length));
    return id.startsWith(ID_PREFIX) && Number.isInteger(n) && n >= 1 && n < this.#nextId;
  }

  #destroyAndEmit(id: string): void {
    this.#destroy(id);
    this.#emit();
  }

  #emit(): void {
    this.#snapshot = [...this.#entries.values()].map((entry) => entry.toast);
    for (const listener of [...this.#listeners]) listener();
  }
}

/** The app-wide toasts. Call from event handlers and effects: toasts shown while rendering on the server
 * are never displayed (the server renders no toasts). */
export const toastStore = new ToastStore();

export const showToast = toastStore.show;
export const dismissToast = toastStore.dismiss;
