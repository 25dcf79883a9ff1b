import { useMemo } from "react";
import { matchRoutes, type RouteObject } from "react-router";
import { type ManifestRoute, type RouterManifest, routerManifest } from "./router-globals.ts";

/**
 * Spec §9: "up to 4 parallel route preloads". Warming a route's chunks when the shopper shows intent
 * (pointer over, focus on a link) makes the click feel instant, but a grid of product cards swept by the
 * pointer must not fire dozens of imports that compete with the page's own requests on a phone's
 * connection: at most four are in flight, the rest wait their turn.
 */
export const MAX_PARALLEL_PRELOADS = 4;

export interface PreloadQueue {
  /** Loads `url` once; resolves when it has loaded or failed (a preload is a hint, it never rejects). */
  preload(url: string): Promise<void>;
  /** Loads in flight now. */
  readonly active: number;
  /** Loads waiting for a free slot. */
  readonly waiting: number;
}

/**
 * A FIFO queue running at most `limit` loads at a time, deduplicated by URL. A failed load frees its slot
 * like any other and is forgotten, so a later intent may try it again.
 */
export function createPreloadQueue(
  load: (url: string) => Promise<unknown>,
  limit = MAX_PARALLEL_PRELOADS,
): PreloadQueue {
  const known = new Map<string, Promise<void>>();
  const queue: Array<{ url: string; done: () => void }> = [];
  let active = 0;

  const pump = () => {
    while (active < limit && queue.length > 0) {
      const { url, done } = queue.shift()!;
      active++;
      // Wrapped so a loader that throws synchronously is a failure like any other.
      new Promise<unknown>((resolve) => resolve(load(url)))
        .catch((error: unknown) => {
          known.delete(url);
          console.warn(`Предзагрузка ${url} не удалась`, error);
        })
        .finally(() => {
          active--;
          done();
          pump();
        });
    }
  };

  return {
    preload(url) {
      let promise = known.get(url);
      if (!promise) {
        promise = new Promise<void>((done) => queue.push({ url, done }));
        known.set(url, promise);
        pump();
      }
      return promise;
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** The manifest's flat routes as a tree `matchRoutes` understands (ids kept, no elements needed). */
export function routesFromManifest(routes: RouterManifest["routes"]): RouteObject[] {
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route): RouteObject => {
      const base = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
      return route.index ? { ...base, index: true } : { ...base, children: build(route.id) };
    });
  return build(undefined);
}

/**
 * The chunks a document at `pathname` needs, leaf last: each matched route's module and the modules it
 * imports. Only routes the manifest already knows are matched; with lazy route discovery React Router
 * adds the routes of links on the page shortly after they render.
 */
export function routeChunks(manifest: RouterManifest, pathname: string): string[] {
  const matches = matchRoutes(routesFromManifest(manifest.routes), pathname) ?? [];
  const urls = new Set<string>();
  for (const match of matches) {
    const route = match.route.id ? manifest.routes[match.route.id] : undefined;
    if (!route) continue;
    urls.add(route.module);
    for (const url of route.imports ?? []) urls.add(url);
  }
  return [...urls];
}

let browserQueue: PreloadQueue | undefined;
const importChunk = (url: string) => import(/* @vite-ignore */ url);

/** Warms the route chunks of an in-app `path` (same-origin; other addresses are ignored). */
export function preloadRoute(path: string): Promise<void> {
  const manifest = routerManifest();
  if (!manifest || typeof window === "undefined") return Promise.resolve();
  const url = new URL(path, window.location.href);
  if (url.origin !== window.location.origin) return Promise.resolve();
  browserQueue ??= createPreloadQueue(importChunk);
  const queue = browserQueue;
  return Promise.all(routeChunks(manifest, url.pathname).map((chunk) => queue.preload(chunk))).then(() => {});
}

/**
 * Handlers that warm `to`'s route on intent; spread them on a link:
 * `<Link to={href} {...usePreloadOnIntent(href)}>`. Pointer-enter also fires on a touch before the click.
 */
export function usePreloadOnIntent(to: string): { onPointerEnter: () => void; onFocus: () => void } {
  return useMemo(() => {
    const warm = () => void preloadRoute(to);
    return { onPointerEnter: warm, onFocus: warm };
  }, [to]);
}
