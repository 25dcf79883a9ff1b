import { useSyncExternalStore } from "react";

/** Spec §4/§9: once shown, the loader stays at least this long, so a fast request does not flash it. */
export const LOADER_MIN_VISIBLE_MS = 500;
/** Spec §4/§9: the "taking longer than usual" text only after this much continuous loading. */
export const PRELOADER_TEXT_DELAY_MS = 5000;

/** The clock and timers the timing logic uses; injected so tests (and fake timers) control time. */
export interface Timers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

// Looks the globals up on every call (not once at import), so `vi.useFakeTimers()` applies after import too.
export const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};

type Listener = () => void;

/** Counts the operations in flight. Every start has one end, so the count never goes below zero. */
export class LoadingCounter {
  #count = 0;
  readonly #listeners = new Set<Listener>();

  get count(): number {
    return this.#count;
  }

  get isActive(): boolean {
    return this.#count > 0;
  }

  increment = (): void => {
    this.#set(this.#count + 1);
  };

  /** An extra end (a double `finally`, a reset in between) must not leave the count negative. */
  decrement = (): void => {
    this.#set(Math.max(0, this.#count - 1));
  };

  reset = (): void => {
    this.#set(0);
  };

  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  getSnapshot = (): number => this.#count;

  #set(next: number): void {
    if (next === this.#count) return;
    this.#count = next;
    for (const listener of [...this.#listeners]) listener();
  }
}

export interface LoadingView {
  /** Something is loading right now. */
  active: boolean;
  /** The loader is on screen: while active, and at least LOADER_MIN_VISIBLE_MS in total. */
  visible: boolean;
  /** The loader has been continuously active for PRELOADER_TEXT_DELAY_MS. */
  showPreloaderText: boolean;
}

export const IDLE_LOADING_VIEW: LoadingView = Object.freeze({
  active: false,
  visible: false,
  showPreloaderText: false,
});

/**
 * Turns the raw "active" flag into what the screen shows, applying the minimum-visible and preloader-text
 * delays. Pure apart from the injected timers; snapshots are immutable so `useSyncExternalStore` can
 * compare them by reference.
 */
export class LoadingTimeline {
  #view: LoadingView = IDLE_LOADING_VIEW;
  #visibleSince = 0;
  #hideTimer: unknown = undefined;
  #textTimer: unknown = undefined;
  readonly #listeners = new Set<Listener>();
  readonly #timers: Timers;

  constructor(timers: Timers = systemTimers) {
    this.#timers = timers;
  }

  update = (active: boolean): void => {
    if (active === this.#view.active) return;
    if (active) {
      this.#cancelHide();
      if (!this.#view.visible) this.#visibleSince = this.#timers.now();
      // "Continuously active": the text timer starts afresh on every idle → active edge.
      this.#textTimer = this.#timers.setTimeout(() => {
        this.#textTimer = undefined;
        this.#emit({ ...this.#view, showPreloaderText: true });
      }, PRELOADER_TEXT_DELAY_MS);
      this.#emit({ active: true, visible: true, showPreloaderText: false });
      return;
    }
    this.#cancelText();
    const remaining = LOADER_MIN_VISIBLE_MS - (this.#timers.now() - this.#visibleSince);
    if (remaining <= 0) {
      this.#emit(IDLE_LOADING_VIEW);
      return;
    }
    this.#emit({ active: false, visible: true, showPreloaderText: false });
    this.#hideTimer = this.#timers.setTimeout(() => {
      this.#hideTimer = undefined;
      this.#emit(IDLE_LOADING_VIEW);
    }, remaining);
  };

  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  getSnapshot = (): LoadingView => this.#view;

  /** Stops pending timers and returns to idle. */
  dispose = (): void => {
    this.#cancelHide();
    this.#cancelText();
    this.#emit(IDLE_LOADING_VIEW);
  };

  #cancelHide(): void {
    if (this.#hideTimer === undefined) return;
    this.#timers.clearTimeout(this.#hideTimer);
    this.#hideTimer = undefined;
  }

  #cancelText(): void {
    if (this.#textTimer === undefined) return;
    this.#timers.clearTimeout(this.#textTimer);
    this.#textTimer = undefined;
  }

  #emit(next: LoadingView): void {
    const current = this.#view;
    if (
      next.active === current.active &&
      next.visible === current.visible &&
      next.showPreloaderText === current.showPreloaderText
    ) {
      return;
    }
    this.#view = next;
    for (const listener of [...this.#listeners]) listener();
  }
}

/**
 * A counter and its timeline joined. The timeline follows the counter only while someone watches it, so on
 * the server (where nothing subscribes) no timer is ever started and no state outlives a request.
 */
export class GlobalLoading {
  readonly counter = new LoadingCounter();
  readonly timeline: LoadingTimeline;
  #detach: (() => void) | undefined;
  #watchers = 0;

  constructor(timers: Timers = systemTimers) {
    this.timeline = new LoadingTimeline(timers);
  }

  subscribe = (listener: Listener): (() => void) => {
    const unsubscribe = this.timeline.subscribe(listener);
    if (this.#watchers++ === 0) {
      this.#detach = this.counter.subscribe(() => this.timeline.update(this.counter.isActive));
      this.timeline.update(this.counter.isActive);
    }
    return () => {
      unsubscribe();
      if (--this.#watchers === 0) {
        this.#detach?.();
        this.#detach = undefined;
        this.timeline.dispose();
      }
    };
  };

  getSnapshot = (): LoadingView => this.timeline.getSnapshot();
}

export const globalLoading = new GlobalLoading();

export const increment = globalLoading.counter.increment;
export const decrement = globalLoading.counter.decrement;

const getServerSnapshot = (): LoadingView => IDLE_LOADING_VIEW;

/** The global loader's state; idle during server rendering and hydration. */
export function useGlobalLoading(source: GlobalLoading = globalLoading): LoadingView {
  return useSyncExternalStore(source.subscribe, source.getSnapshot, getServerSnapshot);
}

/**
 * Spec §4's page-loading lifecycle: a navigation starts, its page has rendered (finish), and then its
 * enter transition has played (transition finish) — at once for a screen without one. `idle` before
 * the first navigation.
 */
export type PagePhase = "idle" | "start" | "finish" | "transition-finish";

/** How long a route's enter transition plays (app/layouts/page.css: .page__main--fade), in ms. */
export const PAGE_TRANSITION_MS = { none: 0, fade: 200 } as const;
/** Past its length, a transition that reported no end (reduced motion, no animation at all) counts as over. */
export const TRANSITION_GRACE_MS = 100;

/**
 * The lifecycle of client navigations, one at a time: start → finish → transition finish, each stage
 * announced once per navigation, in order (a stage out of turn is ignored; a new start cuts an unfinished
 * one short). What waits for the page in place — its scroll, a kept state, focus — listens for
 * `transition-finish`, as Nuxt's `page:transition:finish` is used (ADR 068).
 */
export class PageLifecycle {
  #phase: PagePhase = "idle";
  #timer: unknown = undefined;
  readonly #listeners = new Set<(phase: PagePhase) => void>();
  readonly #timers: Timers;

  constructor(timers: Timers = systemTimers) {
    this.#timers = timers;
  }

  get phase(): PagePhase {
    return this.#phase;
  }

  /** A navigation began (its loaders and route modules are loading). */
  start = (): void => {
    this.#cancel();
    this.#set("start");
  };

  /**
   * The new page has rendered. Its transition finishes when it reports so (`transitionFinished`) or, at
   * the latest, `transitionMs` plus a grace later; a page without one finishes its transition now.
   */
  finish = (transitionMs = 0): void => {
    if (this.#phase !== "start") return;
    this.#set("finish");
    if (transitionMs <= 0) {
      this.#set("transition-finish");
      return;
    }
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = undefined;
      this.transitionFinished();
    }, transitionMs + TRANSITION_GRACE_MS);
  };

  /** The page's enter transition has ended. */
  transitionFinished = (): void => {
    if (this.#phase !== "finish") return;
    this.#cancel();
    this.#set("transition-finish");
  };

  /** Listens to every stage; returns the unsubscribe. */
  subscribe = (listener: (phase: PagePhase) => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  #cancel(): void {
    if (this.#timer === undefined) return;
    this.#timers.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #set(phase: PagePhase): void {
    this.#phase = phase;
    for (const listener of [...this.#listeners]) listener(phase);
  }
}

export const pageLifecycle = new PageLifecycle();
