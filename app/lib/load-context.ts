import type { SsrLoadContext } from "#contract/ssr.ts";

declare module "react-router" {
  interface AppLoadContext extends SsrLoadContext {}
}
