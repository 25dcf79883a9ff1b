import { createRoute, OpenAPIHono, type RouteConfig, type z } from "@hono/zod-openapi";
import type { Env, MiddlewareHandler } from "hono";
import { apiErrorBodySchema } from "#contract/errors.ts";
import type { RateBucket } from "#server/config.ts";
import { BODY_LIMITS, limitBody } from "#server/http/body-limit.ts";
import type { AppEnv } from "#server/http/env.ts";
import type { ApiCacheDeclaration } from "#server/http/http-cache.ts";
import { limitRate } from "#server/http/rate-limits.ts";
import { resolveActor } from "./actor.ts";
import { type StatementKind, statementTimeout } from "./statement-timeouts.ts";
import { apiHook } from "./validation.ts";

/** The one error body, registered once as `#/components/schemas/Error` and referenced by every operation. */
export const ErrorSchema = apiErrorBodySchema.openapi("Error");

/** Security schemes by name: `visitorCookie` now; the session cookie joins it with sign-in. */
export const VISITOR_COOKIE_SCHEME = "visitorCookie";
/** What personal operations declare: the anonymous visitor's cookie identifies whose data it is. */
export const PERSONAL_SECURITY = [{ [VISITOR_COOKIE_SCHEME]: [] }];
/** The signed-in shopper's session cookie (server/api/session-cookie.ts). */
export const SESSION_COOKIE_SCHEME = "sessionCookie";
/** What operations for signed-in shoppers only declare. */
export const SIGNED_IN_SECURITY = [{ [SESSION_COOKIE_SCHEME]: [] }];

type ErrorStatus = 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 503;

const ERROR_DESCRIPTIONS: Record<ErrorStatus | 400 | 500, string> = {
  400: "Некорректные параметры запроса",
  401: "Требуется вход",
  403: "Запрос отклонён",
  404: "Не найдено",
  405: "Метод не поддерживается",
  409: "Конфликт с текущим состоянием",
  413: "Тело запроса слишком большое",
  415: "Неподдерживаемый тип тела запроса",
  422: "Запрос понятен, но правила его не допускают",
  429: "Слишком много запросов",
  500: "Внутренняя ошибка сервера",
  503: "Сервис временно недоступен (например, технические работы)",
};

/**
 * Typed without its content on purpose: handlers throw AppError instead of returning error bodies, and the
 * client turns every failure into an ApiError; typing the Error schema into each status of each route
 * cost the typecheck about 5 % more type instantiations for nothing. The document still gets the content.
 */
type ErrorResponse = { description: string };

/** Error answers of an operation: 400, 500 and 503 (maintenance) always, plus the ones given. */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number] | 400 | 500 | 503]: ErrorResponse } {
  const out: Record<number, ErrorResponse & { content: object }> = {};
  for (const status of [400, ...statuses, 500, 503] as const)
    out[status] = {
      description: ERROR_DESCRIPTIONS[status],
      content: { "application/json": { schema: ErrorSchema } },
    };
  return out as { [K in S[number] | 400 | 500 | 503]: ErrorResponse };
}

/** A 200 JSON answer of `schema`. */
export function jsonOk<T extends z.ZodType>(
  schema: T,
  description: string,
): { 200: { description: string; content: { "application/json": { schema: T } } } } {
  return { 200: { description, content: { "application/json": { schema } } } };
}

/** A required JSON request body. */
export function jsonBody<T extends z.ZodType>(
  schema: T,
): { required: true; content: { "application/json": { schema: T } } } {
  return { required: true, content: { "application/json": { schema } } };
}

/**
 * How an API answer may be cached (ADR 022): `shared`, `city` or `personal`, with the freshness of a
 * shared answer (`catalogue` unless said otherwise). The headers are derived in server/http/http-cache.ts.
 */
export type CacheDeclaration = ApiCacheDeclaration;

/** Records the route's declaration on the request for apiCacheHeaders to read after the handler. */
function declareCache(declaration: CacheDeclaration): MiddlewareHandler {
  return async (c, next) => {
    c.set("apiCache", declaration);
    await next();
  };
}

type Definition = Omit<RouteConfig, "path" | "middleware" | "operationId" | "summary" | "tags"> & {
  path: string;
  /** Unique across the API; the client and generated SDKs name calls after it. */
  operationId: string;
  summary: string;
  tags: [string];
};

/**
 * The largest request body a write accepts, in bytes (ADR 025); without it, BODY_LIMITS.apiWrite. A route
 * taking more (a photo upload, a long form) says so here rather than raising the default for everyone.
 */
export interface BodyDeclaration {
  bodyLimit?: number;
  /**
   * The handler reads the body as a stream and enforces `bodyLimit` itself, chunk by chunk (a photo
   * upload, ADR 057): limitBody would hold the whole body in memory before the handler saw a byte.
   */
  bodyStreamed?: true;
}

const WRITES = new Set(["post", "put", "patch", "delete"]);

/**
 * The per-client budget the route's calls are counted in (server/http/rate-limits.ts): the expensive
 * reads only.
 */
export interface RateLimitDeclaration {
  rateLimit?: Exclude<RateBucket, "pages">;
}

/**
 * The statement timeout the route's database work runs under (statement-timeouts.ts); without it, `read`
 * for GET and `write` for the rest.
 */
export interface StatementDeclaration {
  statementTimeout?: StatementKind;
}

/**
 * One definition per endpoint: method, path, schemas, documentation, cache policy and, for writes, the
 * body limit. The handler is registered with `.openapi(route, handler)`, which validates against these
 * schemas, types `c.json` against the responses, and puts the operation into /api/openapi.json.
 */
export function defineRoute<P extends string, R extends Definition & { path: P }>(
  config: R & CacheDeclaration & BodyDeclaration & StatementDeclaration & RateLimitDeclaration,
): R {
  const { cache, freshness, bodyLimit, bodyStreamed, statementTimeout: kind, rateLimit, ...route } = config;
  const declaration: CacheDeclaration = freshness ? { cache, freshness } : { cache };
  const write = WRITES.has(route.method);
  const maxBytes = bodyLimit ?? BODY_LIMITS.apiWrite;
  // Before validation, which is what reads the body: an oversized one is refused unread (body-limit.ts).
  // The statement timeout covers everything after it, the actor's session lookup included.
  // A client past its budget is refused before anything else is spent on it.
  const limit = [
    ...(rateLimit ? [limitRate(rateLimit)] : []),
    statementTimeout(kind ?? (write ? "write" : "read")),
    ...(write && !bodyStreamed ? [limitBody(maxBytes)] : []),
  ];
  return createRoute({
    ...(route as unknown as R),
    security: route.security ?? (cache === "personal" ? PERSONAL_SECURITY : []),
    // Documented too, so API clients and reviewers see the policy next to the operation.
    "x-cache": cache,
    ...(write
      ? {
          "x-body-limit": maxBytes,
          // A JSON body sent as anything but application/json is refused with 415 (error-handler.ts).
          responses: {
            ...route.responses,
            ...errorResponses(413),
            ...(route.request?.body ? errorResponses(415) : {}),
          },
        }
      : {}),
    // Shared answers are the same for everyone: only other routes learn who is asking (actor.ts).
    middleware:
      cache === "shared"
        ? [...limit, declareCache(declaration)]
        : [...limit, declareCache(declaration), resolveActor()],
  }) as R;
}

/** A router for one resource: validation failures answer our 400 (see validation.ts). */
export function createRouter<E extends Env = AppEnv>() {
  return new OpenAPIHono<E>({ defaultHook: apiHook });
}
