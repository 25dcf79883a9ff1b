import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

const APP_MODULE = /\/(?:app|contract)\/[^?]*\.tsx?$/;
const ROOT = /\/app\/(?:root|entry\.client)\.tsx$/;
/**
 * The browser entry hydrates as it is evaluated, and must be evaluated last: after the page's inline module
 * has set the router's manifest and route modules. Route chunks import the shell, so the entry stays out of
 * it (in the shell, the entry ran as the root route's dependency, before the manifest was there).
 */
const ENTRY = /\/app\/entry\.client\.tsx$/;
const LAYOUT = /\/app\/layouts\/(default|personal|admin)\.tsx$/;
const ROUTE_MODULE = "?__react-router-build-client-route";
const CHUNKS = ["shell", "frame-default", "frame-personal", "frame-admin"] as const;

type Graph = { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null };

/** Every module `start` imports statically, itself included. */
function staticImports(graph: Graph, start: string): Set<string> {
  const reached = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

/**
 * Which first-load chunk an app module belongs to, read off the module graph once it is complete (before
 * chunks are made): `shell` for what the browser entry and the root import statically, and what at least
 * half of the route modules do (every page, or most, runs it); `frame-<layout>` for what a layout adds
 * (every page under it runs it). A module the root only imports lazily (the crawler list behind an error,
 * a dialog opened by a click) stays lazy, and one only a few routes use stays with them.
 */
function firstLoadChunks(): { plugin: Plugin; chunkOf: (id: string) => string | undefined } {
  const chunkOf = new Map<string, string>();
  const plugin: Plugin = {
    name: "vitrina:first-load-chunks",
    apply: "build",
    buildEnd() {
      chunkOf.clear();
      const ids = [...this.getModuleIds()];
      const routes = ids.filter((id) => id.endsWith(ROUTE_MODULE));
      const usedBy = new Map<string, number>();
      for (const route of routes)
        for (const id of staticImports(this, route)) usedBy.set(id, (usedBy.get(id) ?? 0) + 1);
      for (const start of ids.filter((id) => ROOT.test(id)))
        for (const id of staticImports(this, start))
          if (APP_MODULE.test(id) && !ENTRY.test(id)) chunkOf.set(id, "shell");
      for (const [id, n] of usedBy)
        if (APP_MODULE.test(id) && !ENTRY.test(id) && n >= routes.length / 2) chunkOf.set(id, "shell");
      for (const start of ids.filter((id) => LAYOUT.test(id))) {
        const name = `frame-${LAYOUT.exec(start)![1]}`;
        for (const id of staticImports(this, start)) {
          if (!APP_MODULE.test(id) || chunkOf.get(id) === "shell") continue;
          // A module two layouts share goes with neither's frame: to the chunks of the routes that use it.
          chunkOf.set(id, chunkOf.has(id) && chunkOf.get(id) !== name ? "" : name);
        }
      }
    },
  };
  return { plugin, chunkOf: (id) => chunkOf.get(id) || undefined };
}

export default defineConfig(({ isSsrBuild }) => {
  const firstLoad = firstLoadChunks();
  return {
    plugins: [reactRouter(), firstLoad.plugin],
    build: {
      target: "es2022",
      assetsInlineLimit: 0,
      // The browser build in a few large chunks instead of many small ones: over HTTP/1.1 (six connections
      // per host) every extra first-load file costs a round trip on a phone. The libraries every page runs
      // go to `vendor`, the app's every page runs to `shell`, a layout's to its frame; a later route's
      // dependencies (forms, checkout) stay out of the first load.
      ...(isSsrBuild
        ? {}
        : {
            rolldownOptions: {
              output: {
                codeSplitting: {
                  groups: [
                    {
                      name: "vendor",
                      test: /node_modules\/(react|react-dom|scheduler|react-router|@tanstack)\//,
                    },
                    ...CHUNKS.map((name) => ({ name, test: (id: string) => firstLoad.chunkOf(id) === name })),
                  ],
                },
              },
            },
          }),
    },
  };
});
