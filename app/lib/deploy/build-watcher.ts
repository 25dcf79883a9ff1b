import type { DataRouter, Navigation } from "react-router";
import { systemTimers, type Timers } from "../loading.ts";
import { dataRouter, routerManifest } from "./router-globals.ts";

/**
 * Spec §4: "a build manifest is polled periodically; on change a reload happens on the next navigation".
 * A tab left open across a deploy still runs the old bundle: its client-side navigations would import
 * route chunks the new deploy no longer serves, and talk to loaders written for the new code. So once the
 * server reports another build, the next navigation becomes a full page load instead, at a moment the
 * shopper chose to leave the page anyway (never a reload under their fingers).
 */

/** How often an open, visible tab asks which build the server runs. */
export const BUILD_POLL_INTERVAL_MS = 5 * 60_000;
/** Coming back to the tab asks again, but flipping between tabs must not turn into a request storm. */
export const BUILD_VISIBLE_MIN_GAP_MS = 30_000;
/** The server answers this when it runs without a production build: never a reason to reload. */
export const DEV_BUILD_ID = "dev";

/** The id in a `GET /api/build` answer, or undefined for anything else. */
export function parseBuildId(body: unknown): string | undefined {
  const id = (body as { buildId?: unknown } | null)?.buildId;
  return typeof id === "string" && id !== "" ? id : undefined;
}

/** Whether the server runs another build than the one this page was rendered with. */
export function isNewBuild(rendered: string | undefined, served: string | undefined): boolean {
  if (!rendered || !served || rendered === DEV_BUILD_ID || served === DEV_BUILD_ID) return false;
  return rendered !== served;
}

/** Whether a tab that just became visible should ask now (the last question may be seconds old). */
export function isVisibleCheckDue(
  lastCheckAt: number | undefined,
  now: number,
  minGapMs = BUILD_VISIBLE_MIN_GAP_MS,
): boolean {
  return lastCheckAt === undefined || now - lastCheckAt >= minGapMs || now < lastCheckAt;
}

type PageLoad = { kind: "assign"; url: string } | { kind: "reload" };

/**
 * What to do with a client-side navigation once a new build is known: load the target as a document.
 * Mutations (POST and friends) are left alone: turning a submission into a GET would drop the shopper's
 * form; the navigation after it reloads instead. A target equal to the current address is reloaded, as
 * `location.assign` of the same URL with a #hash would only scroll.
 */
export function fullLoadFor(
  navigation: Pick<Navigation, "state" | "location" | "formMethod">,
  current: { pathname: string; search: string },
): PageLoad | null {
  if (navigation.state === "idle" || !navigation.location) return null;
  if (navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET") return null;
  const { pathname, search, hash } = navigation.location;
  if (pathname === current.pathname && search === current.search) return { kind: "reload" };
  return { kind: "assign", url: `${pathname}${search}${hash}` };
}

/** The part of `document` the watcher needs; tests pass a stub. */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: "visibilitychange", listener: () => void): void;
  removeEventListener(type: "visibilitychange", listener: () => void): void;
}

export interface BuildWatcherOptions {
  /** The build this page was rendered with; without it (or "dev") there is nothing to watch. */
  renderedBuildId: string | undefined;
  /** The build the server runs now; undefined or a rejection when it cannot tell (offline, 5xx). */
  fetchBuildId: () => Promise<string | undefined>;
  onNewBuild: (buildId: string) => void;
  visibility: VisibilitySource;
  timers?: Timers;
  intervalMs?: number;
  visibleMinGapMs?: number;
}

export interface BuildWatcher {
  /** Asks the server now; resolves true when a new build has been found (now or before). */
  check(): Promise<boolean>;
  stop(): void;
}

/**
 * Polls every `intervalMs` while the tab is visible and once more when it becomes visible again;
 * a hidden tab makes no requests at all. Stops for good after the first new build is found.
 */
export function createBuildWatcher(options: BuildWatcherOptions): BuildWatcher {
  const timers = options.timers ?? systemTimers;
  const intervalMs = options.intervalMs ?? BUILD_POLL_INTERVAL_MS;
  const minGapMs = options.visibleMinGapMs ?? BUILD_VISIBLE_MIN_GAP_MS;
  const { visibility } = options;
  let timer: unknown;
  let lastCheckAt: number | undefined;
  let inFlight: Promise<boolean> | undefined;
  let found = false;
  let stopped = false;

  const unschedule = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };
  const schedule = () => {
    unschedule();
    if (stopped || visibility.visibilityState !== "visible") return;
    timer = timers.setTimeout(() => {
      timer = undefined;
      void check().finally(schedule);
    }, intervalMs);
  };

  function check(): Promise<boolean> {
    if (found || stopped) return Promise.resolve(found);
    inFlight ??= (async () => {
      lastCheckAt = timers.now();
      try {
        const served = await options.fetchBuildId();
        if (!stopped && served !== undefined && isNewBuild(options.renderedBuildId, served)) {
          found = true;
          stop();
          options.onNewBuild(served);
        }
      } catch {
        // Offline or a failing server: the next tick asks again; nothing the shopper needs to see.
      } finally {
        inFlight = undefined;
      }
      return found;
    })();
    return inFlight;
  }

  const onVisibilityChange = () => {
    if (visibility.visibilityState !== "visible") {
      unschedule();
      return;
    }
    if (isVisibleCheckDue(lastCheckAt, timers.now(), minGapMs)) void check().finally(schedule);
    else schedule();
  };

  function stop() {
    stopped = true;
    unschedule();
    visibility.removeEventListener("visibilitychange", onVisibilityChange);
  }

  if (!options.renderedBuildId || options.renderedBuildId === DEV_BUILD_ID) {
    stopped = true;
  } else {
    visibility.addEventListener("visibilitychange", onVisibilityChange);
    schedule();
  }
  return { check, stop };
}

/** Plain fetch, not the API client: a background poll must not count as loading or trip 401 handling. */
export async function fetchServedBuildId(): Promise<string | undefined> {
  const response = await fetch("/api/build", {
    cache: "no-store",
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  return response.ok ? parseBuildId(await response.json()) : undefined;
}

/**
 * From now on, the data router's next navigation becomes a document load. The router has started it
 * (its loaders may be in flight), so it is disposed: that aborts the navigation before it can commit and
 * push a history entry of its own next to the browser's.
 */
export function reloadOnNextNavigation(
  router: Pick<DataRouter, "subscribe" | "dispose">,
  location: Pick<Location, "pathname" | "search" | "assign" | "reload"> = window.location,
): () => void {
  const unsubscribe = router.subscribe((state) => {
    const load = fullLoadFor(state.navigation, location);
    if (!load) return;
    unsubscribe();
    if (load.kind === "reload") location.reload();
    else location.assign(load.url);
    router.dispose();
  });
  return unsubscribe;
}

/**
 * Installs the watcher for this page. When a new build is found, `<html data-build-outdated>` marks it
 * (support and browser tests can see the state) and the next navigation reloads. Without a data router
 * (hydration failed) links are plain anchors and reload by themselves.
 */
export function installBuildWatcher(): BuildWatcher {
  return createBuildWatcher({
    renderedBuildId: routerManifest()?.version,
    fetchBuildId: fetchServedBuildId,
    visibility: document,
    onNewBuild: () => {
      document.documentElement.dataset.buildOutdated = "true";
      const router = dataRouter();
      if (router) reloadOnNextNavigation(router);
    },
  });
}
