import type { PublicConfig } from "#contract/config.ts";
import type { SsrLoadContext } from "#contract/ssr.ts";
import { type ApiClient, unwrap } from "./api-client.ts";

/**
 * The shop's public config for a server render: the server's own copy when the API runs in this process
 * (`SsrLoadContext.config`), else `GET /api/config` — one in-process API call fewer per render.
 */
export function shopConfig(context: Pick<SsrLoadContext, "config">, api: ApiClient): Promise<PublicConfig> {
  return context.config ? Promise.resolve(context.config) : unwrap(api.config.$get());
}
