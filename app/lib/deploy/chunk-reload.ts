/**
 * Spec §8: "a failed chunk load reloads the page once per path within 10 seconds" (§9: reload guard
 * 10000 ms). After a deploy the old hashed chunks are gone, and a reload fetches the new HTML that points
 * at the new ones. But when the chunk is missing for another reason (a broken CDN, the shopper offline),
 * reloading again would loop forever; the second failure on the same path within the window is logged
 * instead and the error screen stays.
 *
 * React Router's own lazy route loading already reloads on a failed route-module import, and that cannot
 * loop: the reloaded document imports its route modules statically, not through that loader. What
 * reaches this guard is everything else: Vite's preload failures of dynamic imports (`vite:preloadError`)
 * and chunk errors thrown while rendering (a `React.lazy` component), reported from entry.client.
 */

export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_STORAGE_KEY = "vitrina:chunk-reload";

export interface ReloadRecord {
  path: string;
  at: number;
}

/** A reload is allowed unless this very path was reloaded for a chunk failure less than 10 s ago. */
export function shouldReload(previous: ReloadRecord | null, path: string, now: number): boolean {
  if (!previous || previous.path !== path) return true;
  const elapsed = now - previous.at;
  // A clock set backwards makes the record meaningless rather than eternal.
  return elapsed < 0 || elapsed >= RELOAD_GUARD_MS;
}

/** Chunk-load failures as the browsers word them (Chromium, Firefox, Safari) and as Vite's preloader does. */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Failed to load module script|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/** Chunks a page can do without while they load (see loadOptionalChunk): their failure is their caller's. */
const optionalChunks = new Map<RegExp, number>();

/**
 * Loads a chunk the page can do without — the pickup map's engine (ADR 039) — so that its failure is the
 * caller's to handle (the map says it failed, the list goes on) and never a reload: the guard leaves alone
 * any chunk error whose message names a chunk matching `pattern` while this load is in flight.
 */
export async function loadOptionalChunk<T>(pattern: RegExp, load: () => Promise<T>): Promise<T> {
  optionalChunks.set(pattern, (optionalChunks.get(pattern) ?? 0) + 1);
  try {
    return await load();
  } finally {
    const left = (optionalChunks.get(pattern) ?? 1) - 1;
    if (left > 0) optionalChunks.set(pattern, left);
    else optionalChunks.delete(pattern);
  }
}

function isOptionalChunkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  for (const pattern of optionalChunks.keys()) if (pattern.test(error.message)) return true;
  return false;
}

const decided = new WeakSet<object>();
const isObject = (value: unknown): value is object =>
  (typeof value === "object" && value !== null) || typeof value === "function";

/** The sessionStorage part the guard uses; tests pass a Map-backed stub. */
export type GuardStorage = Pick<Storage, "getItem" | "setItem">;

export function readReloadRecord(storage: GuardStorage): ReloadRecord | null {
  try {
    const value = JSON.parse(storage.getItem(RELOAD_STORAGE_KEY) ?? "null") as Partial<ReloadRecord> | null;
    return typeof value?.path === "string" && typeof value.at === "number"
      ? { path: value.path, at: value.at }
      : null;
  } catch {
    return null;
  }
}

export interface ChunkGuardEnv {
  storage: GuardStorage | undefined;
  path: string;
  now: number;
  reload: () => void;
}

/**
 * Reloads the page for a chunk failure if the guard allows it, and says whether it did. The record is
 * written before reloading; when it cannot be written (storage disabled) there is no reload at all, as
 * nothing would stop the next page from reloading again.
 */
export function reloadForChunkError(error: unknown, env: ChunkGuardEnv): boolean {
  if (isOptionalChunkError(error)) return false;
  // Vite's refused preload error is thrown on into React, which reports it again: decide once.
  if (isObject(error)) {
    if (decided.has(error)) return false;
    decided.add(error);
  }
  const previous = env.storage ? readReloadRecord(env.storage) : null;
  if (env.storage && shouldReload(previous, env.path, env.now)) {
    try {
      env.storage.setItem(RELOAD_STORAGE_KEY, JSON.stringify({ path: env.path, at: env.now }));
      env.reload();
      return true;
    } catch {
      // Falls through to logging: a page without the guard must not reload.
    }
  }
  console.error(`Не удалось загрузить часть приложения для ${env.path}; страница уже перезагружалась`, error);
  return false;
}

function browserEnv(): ChunkGuardEnv {
  let storage: GuardStorage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined; // Access itself throws when storage is blocked.
  }
  return {
    storage,
    path: window.location.pathname,
    now: Date.now(),
    reload: () => window.location.reload(),
  };
}

/** For errors React reports (onCaughtError / onUncaughtError): true when the page is reloading. */
export function handleChunkError(error: unknown): boolean {
  return isChunkLoadError(error) && reloadForChunkError(error, browserEnv());
}

/**
 * Vite dispatches `vite:preloadError` when a dynamic import or its preloaded CSS fails. Cancelling the
 * event makes the import resolve to undefined instead of throwing, which is right only when the page is
 * about to reload; when the guard refuses, the event is left alone so the error reaches the error screen.
 */
export function installChunkReloadGuard(): () => void {
  const onPreloadError = (event: Event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (reloadForChunkError(error, browserEnv())) event.preventDefault();
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => window.removeEventListener("vite:preloadError", onPreloadError);
}
