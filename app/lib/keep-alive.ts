import { type Dispatch, type SetStateAction, useEffect, useState } from "react";
import { useLocation, useMatches } from "react-router";
import { metaForMatches } from "./route-meta.ts";

// A route's `keepAlive` meta (spec §2: "a layout or page may set a transition or keepalive through route
// meta"; ADR 068). Nuxt keeps such a page's component alive; React Router unmounts it, so what the page
// must get back — the «Показать ещё» pages of a listing, a half-typed field — is kept per history entry
// in sessionStorage and restored when the shopper comes back to that entry (Back, Forward, a reload).
// React Router's <ScrollRestoration> restores the scroll for the same entry, once the kept state has
// rendered the page as tall as it was.

const STORAGE_KEY = "vitrina:kept-state";
/** Values remembered (entry × name); the oldest are forgotten first. */
export const KEPT_VALUES = 50;

type Kept = Record<string, unknown>;

/** The kept values in a storage (sessionStorage in the browser; injected in tests). */
export class KeptStates {
  constructor(private readonly storage: Pick<Storage, "getItem" | "setItem"> | undefined) {}

  #read(): Kept {
    try {
      const value = JSON.parse(this.storage?.getItem(STORAGE_KEY) ?? "{}") as unknown;
      return value && typeof value === "object" && !Array.isArray(value) ? (value as Kept) : {};
    } catch {
      return {};
    }
  }

  /** What was kept under `name` for the history entry `entry`, if anything. */
  get(entry: string, name: string): unknown {
    return this.#read()[`${entry} ${name}`];
  }

  /** Keeps `value` (undefined forgets it), newest last; the oldest beyond KEPT_VALUES are dropped. */
  set(entry: string, name: string, value: unknown): void {
    try {
      const kept = this.#read();
      const key = `${entry} ${name}`;
      delete kept[key];
      if (value !== undefined) kept[key] = value;
      const keys = Object.keys(kept);
      for (const old of keys.slice(0, Math.max(0, keys.length - KEPT_VALUES))) delete kept[old];
      this.storage?.setItem(STORAGE_KEY, JSON.stringify(kept));
    } catch {
      // Storage full or denied (a private window): the page simply starts afresh when come back to.
    }
  }
}

const browserStates = () =>
  new KeptStates(typeof sessionStorage === "undefined" ? undefined : sessionStorage);

/** Set once the app has hydrated: later mounts are client navigations, which may restore. */
let hydrated = false;

/**
 * `useState` whose value a keepAlive screen gets back when the shopper returns to the same history entry.
 * `parse` checks what was kept (it came through storage) and answers undefined to start afresh. On a
 * screen without keepAlive, on the server and at hydration it is plain `useState(initial)`, so the
 * markup matches.
 */
export function useKeptState<T>(
  name: string,
  initial: T,
  parse: (kept: unknown) => T | undefined,
): [T, Dispatch<SetStateAction<T>>] {
  const keepAlive = metaForMatches(useMatches()).keepAlive;
  const { key } = useLocation();
  const [value, setValue] = useState<T>(() => {
    if (!keepAlive || !hydrated) return initial;
    return parse(browserStates().get(key, name)) ?? initial;
  });
  useEffect(() => {
    hydrated = true;
  }, []);
  useEffect(() => {
    if (keepAlive) browserStates().set(key, name, value === initial ? undefined : value);
  }, [keepAlive, key, name, value, initial]);
  return [value, setValue];
}
