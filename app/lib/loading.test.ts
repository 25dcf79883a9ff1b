import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  GlobalLoading,
  IDLE_LOADING_VIEW,
  LOADER_MIN_VISIBLE_MS,
  LoadingCounter,
  LoadingTimeline,
  PAGE_TRANSITION_MS,
  PageLifecycle,
  type PagePhase,
  PRELOADER_TEXT_DELAY_MS,
  TRANSITION_GRACE_MS,
} from "./loading.ts";

describe("constants", () => {
  it("match the spec", () => {
    expect(LOADER_MIN_VISIBLE_MS).toBe(500);
    expect(PRELOADER_TEXT_DELAY_MS).toBe(5000);
  });
});

describe("LoadingCounter", () => {
  it("is active while above zero", () => {
    const counter = new LoadingCounter();
    expect(counter.isActive).toBe(false);
    counter.increment();
    counter.increment();
    expect(counter.count).toBe(2);
    expect(counter.isActive).toBe(true);
    counter.decrement();
    expect(counter.isActive).toBe(true);
    counter.decrement();
    expect(counter.count).toBe(0);
    expect(counter.isActive).toBe(false);
  });

  it("never goes below zero", () => {
    const counter = new LoadingCounter();
    counter.decrement();
    counter.decrement();
    expect(counter.count).toBe(0);
    counter.increment();
    expect(counter.count).toBe(1);
    expect(counter.isActive).toBe(true);
  });

  it("reset returns to zero", () => {
    const counter = new LoadingCounter();
    counter.increment();
    counter.increment();
    counter.reset();
    expect(counter.count).toBe(0);
    expect(counter.isActive).toBe(false);
  });

  it("notifies subscribers only on change", () => {
    const counter = new LoadingCounter();
    const listener = vi.fn();
    const unsubscribe = counter.subscribe(listener);
    counter.increment();
    counter.decrement();
    counter.decrement(); // already zero: no change
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    counter.increment();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe("LoadingTimeline", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows at once when loading starts", () => {
    const timeline = new LoadingTimeline();
    expect(timeline.getSnapshot()).toBe(IDLE_LOADING_VIEW);
    timeline.update(true);
    expect(timeline.getSnapshot()).toEqual({ active: true, visible: true, showPreloaderText: false });
  });

  it("stays visible 500 ms in total after a short load", () => {
    const timeline = new LoadingTimeline();
    timeline.update(true);
    vi.advanceTimersByTime(100);
    timeline.update(false);
    expect(timeline.getSnapshot()).toEqual({ active: false, visible: true, showPreloaderText: false });
    vi.advanceTimersByTime(399);
    expect(timeline.getSnapshot().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(timeline.getSnapshot()).toBe(IDLE_LOADING_VIEW);
  });

  it("hides at once when it has already been visible 500 ms", () => {
    const timeline = new LoadingTimeline();
    timeline.update(true);
    vi.advanceTimersByTime(LOADER_MIN_VISIBLE_MS);
    timeline.update(false);
    expect(timeline.getSnapshot()).toBe(IDLE_LOADING_VIEW);
  });

  it("keeps showing, without restarting the minimum, when loading resumes during the grace period", () => {
    const timeline = new LoadingTimeline();
    timeline.update(true);
    vi.advanceTimersByTime(200);
    timeline.update(false);
    vi.advanceTimersByTime(100);
    timeline.update(true);
    vi.advanceTimersByTime(1000);
    expect(timeline.getSnapshot().visible).toBe(true); // the old hide timer was cancelled
    timeline.update(false);
    expect(timeline.getSnapshot()).toBe(IDLE_LOADING_VIEW); // visible 1300 ms already
  });

  it("counts the 500 ms from when the loader first appeared, across a quick resume", () => {
    const timeline = new LoadingTimeline();
    timeline.update(true);
    vi.advanceTimersByTime(200);
    timeline.update(false);
    vi.advanceTimersByTime(100);
    timeline.update(true);
    vi.advanceTimersByTime(100);
    timeline.update(false); // on screen for 400 ms so far
    vi.advanceTimersByTime(99);
    expect(timeline.getSnapshot().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(timeline.getSnapshot()).toBe(IDLE_LOADING_VIEW);
  });

  it("shows the preloader text only after 5 s of continuous loading", () => {
    const timeline = new LoadingTimeline();
    timeline.update(true);
    vi.advanceTimersByTime(PRELOADER_TEXT_DELAY_MS - 1);
    expect(timeline.getSnapshot().showPreloaderText).toBe(false);
    vi.advanceTimersByTime(1);
    expect(timeline.getSnapshot()).toEqual({ active: true, visible: true, showPreloaderText: true });
    timeline.update(false);
    expect(timeline.getSnapshot()).toBe(IDLE_LOADING_VIEW);
  });

  it("restarts the 5 s wait when loading was interrupted", () => {
    const timeline = new LoadingTimeline();
    timeline.update(true);
    vi.advanceTimersByTime(4000);
    timeline.update(false);
    timeline.update(true);
    vi.advanceTimersByTime(4000);
    expect(timeline.getSnapshot().showPreloaderText).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(timeline.getSnapshot().showPreloaderText).toBe(true);
  });

  it("uses the injected clock", () => {
    let now = 0;
    const pending: Array<{ at: number; run: () => void }> = [];
    const timeline = new LoadingTimeline({
      now: () => now,
      setTimeout: (run, ms) => pending.push({ at: now + ms, run }),
      clearTimeout: () => {},
    });
    timeline.update(true);
    now = 300;
    timeline.update(false);
    expect(pending.at(-1)?.at).toBe(500);
  });
});

describe("GlobalLoading", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("drives the timeline from the counter while watched", () => {
    const loading = new GlobalLoading();
    const unsubscribe = loading.subscribe(() => {});
    loading.counter.increment();
    loading.counter.increment();
    loading.counter.decrement();
    expect(loading.getSnapshot().active).toBe(true);
    loading.counter.decrement();
    expect(loading.getSnapshot()).toEqual({ active: false, visible: true, showPreloaderText: false });
    vi.advanceTimersByTime(LOADER_MIN_VISIBLE_MS);
    expect(loading.getSnapshot()).toBe(IDLE_LOADING_VIEW);
    unsubscribe();
  });

  it("starts no timers while nobody watches (the server case)", () => {
    const loading = new GlobalLoading();
    loading.counter.increment();
    expect(vi.getTimerCount()).toBe(0);
    expect(loading.getSnapshot()).toBe(IDLE_LOADING_VIEW);
    const unsubscribe = loading.subscribe(() => {});
    expect(loading.getSnapshot().active).toBe(true); // picks up loading already in flight
    unsubscribe();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("PageLifecycle (spec §4: start, finish, transition finish)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function watched() {
    const lifecycle = new PageLifecycle();
    const seen: PagePhase[] = [];
    lifecycle.subscribe((phase) => seen.push(phase));
    return { lifecycle, seen };
  }

  it("finishes the transition together with the page when the screen has none", () => {
    const { lifecycle, seen } = watched();
    expect(lifecycle.phase).toBe("idle");
    lifecycle.start();
    lifecycle.finish(PAGE_TRANSITION_MS.none);
    expect(seen).toEqual(["start", "finish", "transition-finish"]);
    expect(lifecycle.phase).toBe("transition-finish");
  });

  it("finishes the transition when the page reports its end, once", () => {
    const { lifecycle, seen } = watched();
    lifecycle.start();
    lifecycle.finish(PAGE_TRANSITION_MS.fade);
    expect(seen).toEqual(["start", "finish"]);
    vi.advanceTimersByTime(150);
    lifecycle.transitionFinished();
    expect(seen).toEqual(["start", "finish", "transition-finish"]);
    vi.advanceTimersByTime(1000);
    lifecycle.transitionFinished();
    expect(seen).toHaveLength(3);
  });

  it("finishes a transition that reports no end after its length and a grace", () => {
    const { lifecycle, seen } = watched();
    lifecycle.start();
    lifecycle.finish(PAGE_TRANSITION_MS.fade);
    vi.advanceTimersByTime(PAGE_TRANSITION_MS.fade + TRANSITION_GRACE_MS - 1);
    expect(lifecycle.phase).toBe("finish");
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(["start", "finish", "transition-finish"]);
  });

  it("ignores stages out of turn, and a new navigation cuts an unfinished transition short", () => {
    const { lifecycle, seen } = watched();
    lifecycle.finish();
    lifecycle.transitionFinished();
    expect(seen).toEqual([]);
    lifecycle.start();
    lifecycle.transitionFinished();
    expect(lifecycle.phase).toBe("start");
    lifecycle.finish(PAGE_TRANSITION_MS.fade);
    lifecycle.start();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(["start", "finish", "start"]);
    lifecycle.finish();
    expect(seen).toEqual(["start", "finish", "start", "finish", "transition-finish"]);
  });

  it("stops telling a listener that unsubscribed", () => {
    const lifecycle = new PageLifecycle();
    const listener = vi.fn();
    const unsubscribe = lifecycle.subscribe(listener);
    lifecycle.start();
    unsubscribe();
    lifecycle.finish();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
