import type { ClientResponse } from "hono/client";
import { hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody } from "#contract/errors.ts";
// Types only, erased at build (no server code or zod reaches the browser): the client is derived from the
// API's route definitions, so a renamed path, query or field fails the typecheck on both sides (ADR 022).
// biome-ignore lint/style/noRestrictedImports: the one type-only import of the API's route types (erased at build).
import type { ApiRoutes } from "#server/api/index.ts";

/** The spec's normalised error: every failed call, whatever went wrong, looks like this. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly code: number;
  readonly status: number;
  readonly statusCode: number;
  readonly statusMessage: string;
  readonly type: string;
  /** The server's JSON error body, when there was one (machine code, offending fields). */
  readonly body: ApiErrorBody | undefined;
  /** Whole seconds from the answer's `Retry-After` (429, 503), when it had one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status?: number;
    message?: string;
    statusMessage?: string;
    type?: string;
    body?: ApiErrorBody;
    retryAfterSeconds?: number;
  }) {
    const status = init.status ?? 500;
    super(init.message || init.statusMessage || "Unknown error");
    this.code = status;
    this.status = status;
    this.statusCode = status;
    this.statusMessage = init.statusMessage ?? "";
    this.type = init.type ?? "api_error";
    this.body = init.body;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** Sends one request: `path` is like "/api/v1/products?page=2" (the SSR transport expects exactly that). */
export type Transport = (path: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  transport: Transport;
  /** Extra headers from the auth helper (session hints, device ids); read on every call. */
  authHeaders?: () => Record<string, string>;
  /** Called on a 401 outside the auth route (the browser navigates to /auth). */
  onUnauthorized?: () => void;
  /** What a failed call throws instead of its ApiError (server loaders: a 503 route response). */
  thrownFor?: (error: ApiError) => unknown;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: ApiErrorBody | undefined;
  try {
    body = (await response.json()) as ApiErrorBody;
  } catch {
    body = undefined;
  }
  const retryAfter = Number(response.headers.get("retry-after") ?? Number.NaN);
  return new ApiError({
    status: response.status,
    message: typeof body?.message === "string" ? body.message : response.statusText,
    statusMessage: response.statusText,
    ...(body ? { body } : {}),
    ...(Number.isInteger(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}),
  });
}

/** Query values as the API reads them; undefined, null and empty strings are left out, lists repeated. */
function searchParams(query: Record<string, unknown>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== "") search.append(key, String(item));
    }
  }
  return search;
}

/**
 * The typed API client: Hono's `hc` over the API's own route types, e.g.
 * `api.v1.products[":id"].$get({ param: { id } })`, awaited with `unwrap()`. It makes exactly one attempt:
 * retrying is TanStack Query's job alone (query-client.ts), so a failing call is never multiplied.
 */
export function createApiClient(options: ApiClientOptions) {
  const send = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const path = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init.headers);
    headers.set("Accept", "application/json");
    for (const [name, value] of Object.entries(options.authHeaders?.() ?? {})) headers.set(name, value);
    let response: Response;
    try {
      response = await options.transport(path, { ...init, headers });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new ApiError({
        message: error instanceof Error ? error.message : undefined,
        statusMessage: "Network error",
      });
    }
    if (response.ok) return response;
    if (response.status === 401) options.onUnauthorized?.();
    const error = await toApiError(response);
    throw options.thrownFor ? options.thrownFor(error) : error;
  };
  return hc<ApiRoutes>("/api", {
    fetch: send,
    buildSearchParams: (query) => searchParams(query as Record<string, unknown>),
  });
}
export type ApiClient = ReturnType<typeof createApiClient>;

/** What a successful call answers: the 2xx response's JSON, or undefined for a 204. */
export type ApiData<R> =
  R extends ClientResponse<infer T, infer S, infer _Format>
    ? S extends 204
      ? undefined
      : S extends SuccessStatusCode
        ? T
        : never
    : never;

/**
 * Awaits a call and returns its data. Failures never get here: the client turns every non-2xx answer and
 * network failure into an ApiError before `hc` sees it.
 */
// biome-ignore lint/suspicious/noExplicitAny: matches any endpoint's response.
export async function unwrap<R extends ClientResponse<any, any, any>>(call: Promise<R>): Promise<ApiData<R>> {
  const response = await call;
  if (response.status === 204) return undefined as ApiData<R>;
  return (await response.json()) as ApiData<R>;
}

let instance: ApiClient | undefined;
let backgroundInstance: ApiClient | undefined;

/** Configures the browser-wide client once, at hydration. */
export function configureApi(options: ApiClientOptions): ApiClient {
  instance = createApiClient(options);
  backgroundInstance = createApiClient({ ...options, onUnauthorized: undefined });
  return instance;
}

export function getApi(): ApiClient {
  if (!instance) throw new Error("API instance not configured");
  return instance;
}

/**
 * The same client for a public page's personal decoration (the header's name, hearts, the bonus balance):
 * its 401 is not a reason to leave the page (spec section 8 sends the shopper to sign in on a 401, but a
 * session that ended elsewhere must not bounce someone off a product page), so it only throws (ADR 034).
 */
export function getBackgroundApi(): ApiClient {
  if (!backgroundInstance) throw new Error("API instance not configured");
  return backgroundInstance;
}

/** Test seam: forget the configured instances. */
export function resetApi(): void {
  instance = undefined;
  backgroundInstance = undefined;
}
