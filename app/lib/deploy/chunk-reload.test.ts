import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type GuardStorage,
  isChunkLoadError,
  loadOptionalChunk,
  RELOAD_GUARD_MS,
  RELOAD_STORAGE_KEY,
  readReloadRecord,
  reloadForChunkError,
  shouldReload,
} from "./chunk-reload.ts";

describe("shouldReload", () => {
  it("uses the spec's 10 s guard", () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });

  it("reloads the first time, for another path, and once the window has passed", () => {
    expect(shouldReload(null, "/catalog", 1_000)).toBe(true);
    expect(shouldReload({ path: "/basket", at: 1_000 }, "/catalog", 1_500)).toBe(true);
    expect(shouldReload({ path: "/catalog", at: 1_000 }, "/catalog", 11_000)).toBe(true);
  });

  it("does not reload the same path again within 10 s", () => {
    expect(shouldReload({ path: "/catalog", at: 1_000 }, "/catalog", 1_000)).toBe(false);
    expect(shouldReload({ path: "/catalog", at: 1_000 }, "/catalog", 10_999)).toBe(false);
  });

  it("ignores a record from the future (clock set back)", () => {
    expect(shouldReload({ path: "/catalog", at: 50_000 }, "/catalog", 1_000)).toBe(true);
  });
});

describe("isChunkLoadError", () => {
  it("recognises the browsers' and Vite's wording only", () => {
    for (const message of [
      "Failed to fetch dynamically imported module: https://x/assets/a-1.js",
      "error loading dynamically imported module: https://x/assets/a-1.js",
      "Importing a module script failed.",
      "Unable to preload CSS for /assets/a-1.css",
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    }
    expect(isChunkLoadError(new Error("Internal error"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });
});

function memoryStorage(initial?: Record<string, string>): GuardStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial ?? {}));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

describe("reloadForChunkError", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const chunkError = () => new TypeError("Failed to fetch dynamically imported module: /assets/x.js");

  it("leaves an optional chunk's failure to its caller while it loads (the pickup map), and only that one", async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const mapError = new TypeError("Failed to fetch dynamically imported module: /assets/leaflet-map-X1.js");
    let during: boolean[] = [];
    await expect(
      loadOptionalChunk(/leaflet-map/, async () => {
        during = [
          reloadForChunkError(mapError, { storage, path: "/checkout", now: 1, reload }),
          reloadForChunkError(chunkError(), { storage, path: "/checkout", now: 1, reload }),
        ];
        throw mapError;
      }),
    ).rejects.toBe(mapError);
    expect(during).toEqual([false, true]);
    expect(reload).toHaveBeenCalledTimes(1);
    // Once the load is over, the same chunk failing again is the guard's as any other.
    const later = new TypeError("Failed to fetch dynamically imported module: /assets/leaflet-map-X1.js");
    expect(reloadForChunkError(later, { storage: memoryStorage(), path: "/p", now: 1, reload })).toBe(true);
  });

  it("records the path and time, then reloads", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadForChunkError(chunkError(), { storage, path: "/catalog", now: 5_000, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(readReloadRecord(storage)).toEqual({ path: "/catalog", at: 5_000 });
  });

  it("logs instead of reloading a second time within 10 s, and reloads again after", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadForChunkError(chunkError(), { storage, path: "/catalog", now: 5_000, reload });
    // The reloaded page fails again for the same path.
    expect(reloadForChunkError(chunkError(), { storage, path: "/catalog", now: 9_000, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledTimes(1);
    expect(reloadForChunkError(chunkError(), { storage, path: "/catalog", now: 15_000, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("decides once per error object (Vite's refused error is reported again by React)", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const storage = memoryStorage();
    const reload = vi.fn();
    const error = chunkError();
    expect(reloadForChunkError(error, { storage, path: "/a", now: 1, reload })).toBe(true);
    expect(reloadForChunkError(error, { storage, path: "/a", now: 50_000, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("never reloads when the guard cannot be stored", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    const full: GuardStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("quota", "QuotaExceededError");
      },
    };
    expect(reloadForChunkError(chunkError(), { storage: full, path: "/a", now: 1, reload })).toBe(false);
    expect(reloadForChunkError(chunkError(), { storage: undefined, path: "/a", now: 1, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("treats a damaged record as none", () => {
    for (const value of ["{", "42", '{"path":1,"at":2}']) {
      expect(readReloadRecord(memoryStorage({ [RELOAD_STORAGE_KEY]: value }))).toBeNull();
    }
  });
});
