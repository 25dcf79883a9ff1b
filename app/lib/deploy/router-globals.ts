import type { DataRouter } from "react-router";

/**
 * The globals React Router's framework mode puts on `window` (the HTML's inline module script sets the
 * manifest; `<HydratedRouter>` sets the data router during its first render). React Router does not
 * type them, so this file is the one place that knows their shape, and every reader copes with their
 * absence (tests, a page that failed to hydrate).
 */

/** One route of the assets manifest; only the fields this folder reads. */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  /** URL of the route module chunk. */
  module: string;
  /** URLs of the chunks the route module imports statically. */
  imports?: string[];
}

export interface RouterManifest {
  /** The build id: the same value as the server build's `assets.version`. */
  version: string;
  /** Grows at run time: lazy route discovery patches newly discovered routes in. */
  routes: Record<string, ManifestRoute | undefined>;
}

interface RouterGlobals {
  __reactRouterManifest?: RouterManifest;
  __reactRouterDataRouter?: DataRouter;
}

const globals = (): RouterGlobals => (typeof window === "undefined" ? {} : (window as RouterGlobals));

export const routerManifest = (): RouterManifest | undefined => globals().__reactRouterManifest;

export const dataRouter = (): DataRouter | undefined => globals().__reactRouterDataRouter;
