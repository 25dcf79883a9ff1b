import type { Navigation, RouterState } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BUILD_POLL_INTERVAL_MS,
  BUILD_VISIBLE_MIN_GAP_MS,
  createBuildWatcher,
  fullLoadFor,
  isNewBuild,
  isVisibleCheckDue,
  parseBuildId,
  reloadOnNextNavigation,
  type VisibilitySource,
} from "./build-watcher.ts";

describe("decisions", () => {
  it("polls every five minutes", () => {
    expect(BUILD_POLL_INTERVAL_MS).toBe(300_000);
  });

  it("reads the id from the /api/build answer only", () => {
    expect(parseBuildId({ buildId: "abc" })).toBe("abc");
    for (const body of [null, undefined, "abc", {}, { buildId: 1 }, { buildId: "" }]) {
      expect(parseBuildId(body)).toBeUndefined();
    }
  });

  it("sees a new build only when both ids are known and real", () => {
    expect(isNewBuild("a", "b")).toBe(true);
    expect(isNewBuild("a", "a")).toBe(false);
    expect(isNewBuild(undefined, "b")).toBe(false);
    expect(isNewBuild("a", undefined)).toBe(false);
    expect(isNewBuild("a", "dev")).toBe(false);
    expect(isNewBuild("dev", "b")).toBe(false);
  });

  it("asks again on visibility only after the minimum gap", () => {
    expect(isVisibleCheckDue(undefined, 1_000)).toBe(true);
    expect(isVisibleCheckDue(1_000, 1_000 + BUILD_VISIBLE_MIN_GAP_MS - 1)).toBe(false);
    expect(isVisibleCheckDue(1_000, 1_000 + BUILD_VISIBLE_MIN_GAP_MS)).toBe(true);
    expect(isVisibleCheckDue(5_000, 1_000)).toBe(true); // the clock went backwards
  });

  const here = { pathname: "/catalog", search: "?page=2" };
  const loading = (location: Partial<Navigation["location"]>, formMethod?: string) =>
    ({
      state: "loading",
      location: { pathname: "/", search: "", hash: "", state: null, key: "k", ...location },
      formMethod,
    }) as Navigation;

  it("turns a starting navigation into a document load of its target", () => {
    expect(fullLoadFor({ state: "idle" } as Navigation, here)).toBeNull();
    expect(fullLoadFor(loading({ pathname: "/product/7", search: "?a=1", hash: "#reviews" }), here)).toEqual({
      kind: "assign",
      url: "/product/7?a=1#reviews",
    });
    expect(fullLoadFor(loading({ pathname: "/search/x", search: "?q=1" }, "GET"), here)).toEqual({
      kind: "assign",
      url: "/search/x?q=1",
    });
  });

  it("reloads for the current address and leaves mutations alone", () => {
    expect(fullLoadFor(loading({ pathname: "/catalog", search: "?page=2", hash: "#top" }), here)).toEqual({
      kind: "reload",
    });
    expect(fullLoadFor(loading({ pathname: "/basket" }, "POST"), here)).toBeNull();
    expect(
      fullLoadFor({ ...loading({ pathname: "/basket" }, "post"), state: "submitting" }, here),
    ).toBeNull();
  });
});

function visibilityStub(initial: DocumentVisibilityState = "visible") {
  const listeners = new Set<() => void>();
  const source = {
    visibilityState: initial,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  return {
    source: source as VisibilitySource,
    listeners,
    set(state: DocumentVisibilityState) {
      source.visibilityState = state;
      for (const listener of [...listeners]) listener();
    },
  };
}

describe("createBuildWatcher", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = (served: () => string | undefined, initial?: DocumentVisibilityState) => {
    const visibility = visibilityStub(initial);
    const fetchBuildId = vi.fn(async () => served());
    const onNewBuild = vi.fn();
    const watcher = createBuildWatcher({
      renderedBuildId: "v1",
      fetchBuildId,
      onNewBuild,
      visibility: visibility.source,
    });
    return { visibility, fetchBuildId, onNewBuild, watcher };
  };

  it("asks every five minutes while visible, and reports a new build once", async () => {
    let served = "v1";
    const { fetchBuildId, onNewBuild, visibility } = setup(() => served);
    expect(fetchBuildId).not.toHaveBeenCalled(); // the page was just rendered by the current build
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(fetchBuildId).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(fetchBuildId).toHaveBeenCalledTimes(2);
    expect(onNewBuild).not.toHaveBeenCalled();

    served = "v2";
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(onNewBuild).toHaveBeenCalledExactlyOnceWith("v2");
    // Found: it stops asking and stops listening.
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 3);
    expect(fetchBuildId).toHaveBeenCalledTimes(3);
    expect(visibility.listeners.size).toBe(0);
  });

  it("makes no requests while hidden and asks when the tab comes back", async () => {
    const { fetchBuildId, onNewBuild, visibility } = setup(() => "v2");
    visibility.set("hidden");
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 4);
    expect(fetchBuildId).not.toHaveBeenCalled();

    visibility.set("visible");
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchBuildId).toHaveBeenCalledTimes(1);
    expect(onNewBuild).toHaveBeenCalledWith("v2");
  });

  it("does not start polling in a tab opened in the background", async () => {
    const { fetchBuildId } = setup(() => "v1", "hidden");
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 2);
    expect(fetchBuildId).not.toHaveBeenCalled();
  });

  it("throttles checks on quick tab switches", async () => {
    const { fetchBuildId, visibility } = setup(() => "v1");
    visibility.set("hidden");
    visibility.set("visible");
    await vi.advanceTimersByTimeAsync(0);
    visibility.set("hidden");
    visibility.set("visible");
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchBuildId).toHaveBeenCalledTimes(1);

    visibility.set("hidden");
    await vi.advanceTimersByTimeAsync(BUILD_VISIBLE_MIN_GAP_MS);
    visibility.set("visible");
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchBuildId).toHaveBeenCalledTimes(2);
  });

  it("keeps polling after a failed request", async () => {
    let fail = true;
    const { fetchBuildId, onNewBuild } = setup(() => {
      if (fail) throw new Error("offline");
      return "v2";
    });
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(fetchBuildId).toHaveBeenCalledTimes(1);
    fail = false;
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(onNewBuild).toHaveBeenCalledWith("v2");
  });

  it("shares one request between overlapping checks", async () => {
    const { fetchBuildId, watcher } = setup(() => "v1");
    await Promise.all([watcher.check(), watcher.check()]);
    expect(fetchBuildId).toHaveBeenCalledTimes(1);
  });

  it("watches nothing without a real rendered build id", async () => {
    for (const renderedBuildId of [undefined, "dev"]) {
      const visibility = visibilityStub();
      const fetchBuildId = vi.fn(async () => "v2");
      const watcher = createBuildWatcher({
        renderedBuildId,
        fetchBuildId,
        onNewBuild: vi.fn(),
        visibility: visibility.source,
      });
      await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
      expect(await watcher.check()).toBe(false);
      expect(fetchBuildId).not.toHaveBeenCalled();
      expect(visibility.listeners.size).toBe(0);
    }
  });
});

describe("reloadOnNextNavigation", () => {
  function routerStub() {
    let subscriber: ((state: RouterState) => void) | undefined;
    return {
      subscribe: vi.fn((fn: (state: RouterState) => void) => {
        subscriber = fn;
        return () => {
          subscriber = undefined;
        };
      }),
      dispose: vi.fn(),
      emit: (navigation: Partial<Navigation>) => subscriber?.({ navigation } as RouterState),
      get subscribed() {
        return subscriber !== undefined;
      },
    };
  }
  const locationStub = () => ({ pathname: "/", search: "", assign: vi.fn(), reload: vi.fn() });

  it("loads the next navigation's target as a document and stops the client router", () => {
    const router = routerStub();
    const location = locationStub();
    reloadOnNextNavigation(router, location);
    router.emit({ state: "idle" });
    expect(location.assign).not.toHaveBeenCalled();

    router.emit({
      state: "loading",
      location: { pathname: "/catalog", search: "", hash: "", state: null, key: "x" },
    });
    expect(location.assign).toHaveBeenCalledExactlyOnceWith("/catalog");
    expect(router.dispose).toHaveBeenCalledTimes(1);
    expect(router.subscribed).toBe(false);
  });

  it("reloads when the navigation targets the current address", () => {
    const router = routerStub();
    const location = locationStub();
    reloadOnNextNavigation(router, location);
    router.emit({
      state: "loading",
      location: { pathname: "/", search: "", hash: "", state: null, key: "x" },
    });
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(location.assign).not.toHaveBeenCalled();
  });
});
