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
  /** Playing its leave transition (`speed` ms) before it is destroyed. */
  leaving: boolean;
}

const ID_PREFIX = "toast-";

interface Entry {
  toast: Toast;
  timers: unknown[];
}

type Listener = () => void;

/**
 * The toasts on screen. Timeline of one toast: enters over `speed`, stays `duration`, leaves over `speed`,
 * and is destroyed (removed) at duration + 2 × speed. Snapshots are immutable arrays for
 * `useSyncExternalStore`.
 */
export class ToastStore {
  #entries = new Map<string, Entry>();
  #snapshot: readonly Toast[] = [];
  #nextId = 1;
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
      leaving: false,
    };
    if (toast.group !== undefined) {
      for (const entry of this.#entries.values()) {
        if (entry.toast.group === toast.group) this.#destroy(entry.toast.id);
      }
    }
    const entry: Entry = { toast, timers: [] };
    this.#entries.set(id, entry);
    entry.timers.push(
      this.#timers.setTimeout(() => this.#leave(id), toast.duration + toast.speed),
      this.#timers.setTimeout(() => this.#destroyAndEmit(id), toast.duration + 2 * toast.speed),
    );
    this.#emit();
    return id;
  };

  /** Closes a toast early: it plays its leave transition, then is destroyed `speed` ms later. */
  dismiss = (id: string): void => {
    const entry = this.#entries.get(id);
    if (!entry || entry.toast.leaving) return;
    for (const timer of entry.timers) this.#timers.clearTimeout(timer);
    entry.timers = [this.#timers.setTimeout(() => this.#destroyAndEmit(id), entry.toast.speed)];
    this.#leave(id);
  };

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

  #leave(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry || entry.toast.leaving) return;
    entry.toast = { ...entry.toast, leaving: true };
    this.#emit();
  }

  #destroy(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    for (const timer of entry.timers) this.#timers.clearTimeout(timer);
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
