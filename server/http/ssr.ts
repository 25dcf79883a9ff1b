import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { paths } from "#server/paths.ts";
import type { SsrHandler } from "./app.ts";

/** React Router's handler over the production build in build/server. */
export async function loadProductionSsr(): Promise<{ handler: SsrHandler; buildId: string }> {
  if (!existsSync(paths.ssrBuild)) {
    throw new Error(
      `No storefront build at ${paths.ssrBuild}: run \`npm run build\` (npm start does it for you).`,
    );
  }
  const build = (await import(pathToFileURL(paths.ssrBuild).href)) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return { handler: (request, context) => handler(request, context), buildId: build.assets.version };
}

/** Development: Vite in middleware mode; the server build is reloaded through Vite on every request (HMR). */
export async function createDevSsr(): Promise<{ handler: SsrHandler; vite: ViteDevServer }> {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const handler: SsrHandler = async (request, context) => {
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    return createRequestHandler(build, "development")(request, context);
  };
  return { handler, vite };
}
