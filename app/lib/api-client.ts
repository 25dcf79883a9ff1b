import type { ApiErrorBody } from "#contract/errors.ts";

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

  constructor(init: {
    status?: number;
    message?: string;
    statusMessage?: string;
    type?: string;
    body?: ApiErrorBody;
  }) {
    const status = init.status ?? 500;
    super(init.message || init.statusMessage || "Unknown error");
    this.code = status;
    this.status = status;
    this.statusCode = status;
    this.statusMessage = init.statusMessage ?? "";
    this.type = init.type ?? "api_error";
    this.body = init.body;
  }
}

export type Transport = (path: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  transport: Transport;
  /** Extra headers from the auth helper (session hints, device ids); read on every call. */
  authHeaders?: () => Record<string, string>;
  /** Called on a 401 outside the auth route (the browser navigates to /auth). */
  onUnauthorized?: () => void;
}

export interface RequestOptions {
  /** Plain values; undefined, null and empty strings are left out. */
  query?: object;
  body?: unknown;
  /** Prefix /api/v{version}; without it the path is taken under /api as is. */
  version?: number;
  /** Overrides the default (GET retried once, other methods never). */
  retry?: number;
  signal?: AbortSignal;
}

function buildPath(path: string, options: RequestOptions): string {
  const prefix = options.version === undefined ? "/api" : `/api/v${options.version}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((options.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const qs = search.toString();
  return `${prefix}${path.startsWith("/") ? path : `/${path}`}${qs ? `?${qs}` : ""}`;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: ApiErrorBody | undefined;
  try {
    body = (await response.json()) as ApiErrorBody;
  } catch {
    body = undefined;
  }
  return new ApiError({
    status: response.status,
    message: typeof body?.message === "string" ? body.message : response.statusText,
    statusMessage: response.statusText,
    ...(body ? { body } : {}),
  });
}

export function createApiClient(options: ApiClientOptions) {
  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json", ...options.authHeaders?.() };
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData)
      body = opts.body; // sent as is; the browser sets the boundary
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["Content-Type"] = "application/json";
    }
    const url = buildPath(path, opts);
    const attempts = 1 + (opts.retry ?? (method === "GET" ? 1 : 0));
    let lastError: ApiError = new ApiError({});
    for (let attempt = 0; attempt < attempts; attempt++) {
      let response: Response;
      try {
        response = await options.transport(url, {
          method,
          headers,
          body: body ?? null,
          signal: opts.signal ?? null,
        });
      } catch (error) {
        if (opts.signal?.aborted) throw error;
        lastError = new ApiError({
          message: error instanceof Error ? error.message : undefined,
          statusMessage: "Network error",
        });
        continue;
      }
      if (response.ok) {
        return (response.status === 204 ? undefined : await response.json()) as T;
      }
      lastError = await toApiError(response);
      if (response.status === 401) options.onUnauthorized?.();
      // A 4xx will not change on a second try.
      if (response.status < 500) break;
    }
    throw lastError;
  }

  return {
    request,
    get: <T>(path: string, opts?: Omit<RequestOptions, "body">) => request<T>("GET", path, opts),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>("POST", path, { ...opts, body }),
    put: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>("PUT", path, { ...opts, body }),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>("DELETE", path, opts),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

let instance: ApiClient | undefined;

/** Configures the browser-wide client once, at hydration. */
export function configureApi(options: ApiClientOptions): ApiClient {
  instance = createApiClient(options);
  return instance;
}

export function getApi(): ApiClient {
  if (!instance) throw new Error("API instance not configured");
  return instance;
}

/** Test seam: forget the configured instance. */
export function resetApi(): void {
  instance = undefined;
}
