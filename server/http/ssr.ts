import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { PersonalPartRenderer, SsrLoadContext } from "#contract/ssr.ts";
import { paths } from "#server/paths.ts";
import { buildPagePolicy, type PageRule } from "./page-cache.ts";

/** Renders one page of the storefront: React Router's request handler with the load context. */
export type SsrHandler = (request: Request, context: SsrLoadContext) => Promise<Response>;

type PagePolicy = (pathname: string) => PageRule | Promise<PageRule>;

/** The build's renderer of shell pages' personal parts (app/entry.server.tsx, ADR 074). */
function partsOf(build: ServerBuild): PersonalPartRenderer {
  const render = (build.entry.module as { renderPersonalPart?: PersonalPartRenderer }).renderPersonalPart;
  return render ?? (async () => undefined);
}

/** React Router's handler over the production build in build/server, and its routes' page cache policies. */
export async function loadProductionSsr(): Promise<{
  handler: SsrHandler;
  buildId: string;
  pagePolicy: PagePolicy;
  renderPart: PersonalPartRenderer;
}> {
  if (!existsSync(paths.ssrBuild)) {
    throw new Error(
      `No storefront build at ${paths.ssrBuild}: run \`npm run build\` (npm start does it for you).`,
    );
  }
  const build = (await import(pathToFileURL(paths.ssrBuild).href)) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return {
    handler: (request, context) => handler(request, context),
    buildId: build.assets.version,
    pagePolicy: buildPagePolicy(build),
    renderPart: partsOf(build),
  };
}

/** Development: Vite in middleware mode; the server build is reloaded through Vite on every request (HMR). */
export async function createDevSsr(): Promise<{
  handler: SsrHandler;
  vite: ViteDevServer;
  pagePolicy: PagePolicy;
  renderPart: PersonalPartRenderer;
}> {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const load = async () => (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  const handler: SsrHandler = async (request, context) =>
    createRequestHandler(await load(), "development")(request, context);
  // An edited route module's handle counts from the next request, like the rest of the module.
  const pagePolicy: PagePolicy = async (pathname) => buildPagePolicy(await load())(pathname);
  const renderPart: PersonalPartRenderer = async (name, context) => partsOf(await load())(name, context);
  return { handler, vite, pagePolicy, renderPart };
}
