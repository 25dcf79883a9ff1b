import type { AppLoadContext } from "react-router";
import { type ApiClient, createApiClient } from "./api-client.ts";
import "./load-context.ts";

/** The API client for a loader running on the server: same client, in-process (or API_ORIGIN) transport. */
export function serverApi(context: AppLoadContext): ApiClient {
  return createApiClient({ transport: (path, init) => context.apiFetch(path, init) });
}
