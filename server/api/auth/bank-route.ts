import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import {
  BANK_SIGN_IN_PATH,
  type BankErrorCode,
  PROFILE_IMPORT_DONE,
  PROFILE_IMPORT_PARAM,
} from "#contract/bank-sign-in.ts";
import { DEFAULT_REDIRECT_PATH, safeRedirectPath } from "#contract/redirect-to.ts";
import { createRouter, defineRoute, errorResponses } from "#server/api/define-route.ts";
import { signInAs } from "#server/api/sign-in.ts";
import { BANK_CALLBACK_PATH, BankFlowError, FLOW_TTL_S } from "#server/domain/bank-sign-in/service.ts";
import { clientAddress } from "#server/http/client-address.ts";
import type { AppEnv } from "#server/http/env.ts";
import { isHttps, requestOrigin } from "#server/http/public-origin.ts";
import { rateLimitKey } from "#server/http/rate-limits.ts";

/**
 * The cookie that binds a round trip to the bank to the browser that started it (ADR 029): a random id
 * whose hash names the auth_flows row. HttpOnly, SameSite=Lax (the bank sends the browser back with a
 * top-level GET, which carries Lax cookies), sent only to the bank routes, and gone in 10 minutes.
 */
export const FLOW_COOKIE = "bank_flow";
const FLOW_COOKIE_PATH = BANK_SIGN_IN_PATH;
const FLOW_ID = /^[A-Za-z0-9_-]{43}$/;

// biome-ignore lint/suspicious/noExplicitAny: any route's context, whatever its path and input.
export function setFlowCookie(c: Context<AppEnv, any, any>, flowId: string): void {
  setCookie(c, FLOW_COOKIE, flowId, {
    httpOnly: true,
    sameSite: "Lax",
    path: FLOW_COOKIE_PATH,
    maxAge: FLOW_TTL_S,
    ...(isHttps(c) ? { secure: true } : {}),
  });
}

function takeFlowCookie(c: Context): string | undefined {
  const value = getCookie(c, FLOW_COOKIE);
  if (value !== undefined) {
    deleteCookie(c, FLOW_COOKIE, { path: FLOW_COOKIE_PATH, ...(isHttps(c) ? { secure: true } : {}) });
  }
  return value && FLOW_ID.test(value) ? value : undefined;
}

/** Whom the limit on new round trips counts (ADR 029): the client's IPv4 address or IPv6 /64. */
// biome-ignore lint/suspicious/noExplicitAny: any route's context, whatever its path and input.
export function flowLimitKey(c: Context<AppEnv, any, any>): string | undefined {
  const address = clientAddress(c);
  return address ? rateLimitKey(address) : undefined;
}

/** `path` with `name=value` added to its query (the path is already a safe same-origin one). */
export function withQueryParam(path: string, name: string, value: string): string {
  const url = new URL(path, "http://vitrina.invalid");
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a failed round trip lands: the sign-in page with the reason, or the import's page with it. */
export function failureTarget(code: BankErrorCode, flow: BankFlowError["flow"]): string {
  const redirectTo = safeRedirectPath(flow?.redirectTo);
  if (flow?.purpose === "import") return withQueryParam(redirectTo, PROFILE_IMPORT_PARAM, code);
  const query = new URLSearchParams({ error: code });
  if (redirectTo !== DEFAULT_REDIRECT_PATH) query.set("redirectTo", redirectTo);
  return `/auth?${query}`;
}

const redirectResponse = (description: string) => ({
  302: {
    description,
    headers: z.object({ Location: z.string().describe("Куда перейти браузеру") }),
  },
});

const startBankSignIn = defineRoute({
  method: "get",
  path: "/",
  operationId: "startBankSignIn",
  tags: ["auth"],
  summary: "Войти через банк: переход на страницу входа банка (OIDC, код авторизации с PKCE)",
  description:
    "Открывает вход (state, nonce, PKCE S256; запись на 10 минут, cookie `bank_flow` связывает её с браузером) " +
    "и отправляет на страницу входа банка. Если банк недоступен — на `/auth?error=bank_unavailable`. " +
    "Обычная ссылка: работает без JavaScript.",
  cache: "personal",
  request: {
    query: z.object({
      redirectTo: z
        .string()
        .optional()
        .describe(
          "Путь на этом сайте, куда вернуться после входа; всё остальное (`//host`, `https:`…) — на `/`",
        ),
    }),
  },
  responses: {
    ...redirectResponse("На страницу входа банка (или на /auth с причиной ошибки)"),
    ...errorResponses(),
  },
});

const bankCallback = defineRoute({
  method: "get",
  path: "/callback",
  operationId: "finishBankSignIn",
  tags: ["auth"],
  summary: "Возврат из банка: вход (или импорт профиля) и переход на redirectTo",
  description:
    "Проверяет state (и cookie этого браузера), обменивает код (PKCE), проверяет ID-токен (nonce), " +
    "находит или создаёт учётную запись (по идентификатору в банке, иначе по телефону) и ставит cookie сессии. " +
    "Каждый вход завершается один раз. Ошибки — переход на `/auth?error=<код>&redirectTo=…`, " +
    "для импорта — на страницу импорта с `profileImport=<код>`.",
  cache: "personal",
  request: {
    query: z.object({
      code: z.string().optional(),
      state: z.string().optional(),
      iss: z.string().optional(),
      error: z.string().optional(),
      error_description: z.string().optional(),
    }),
  },
  responses: {
    ...redirectResponse("На redirectTo (вошли) или на /auth с причиной ошибки"),
    ...errorResponses(),
  },
});

/** Sign-in through the bank (ADR 029), at /api/v1/auth/bank. */
export const bankSignInRoute = createRouter()
  .openapi(startBankSignIn, async (c) => {
    const redirectTo = safeRedirectPath(c.req.valid("query").redirectTo);
    try {
      const flow = await c.get("services").bankSignIn.start({
        origin: requestOrigin(c),
        purpose: "sign_in",
        redirectTo,
        client: flowLimitKey(c),
      });
      setFlowCookie(c, flow.flowId);
      c.get("logger").info({ event: "bank_sign_in_started" }, "bank sign-in started");
      return c.redirect(flow.authorizationUrl, 302);
    } catch (error) {
      if (error instanceof BankFlowError) return c.redirect(failureTarget(error.code, error.flow), 302);
      throw error;
    }
  })
  .openapi(bankCallback, async (c) => {
    const origin = requestOrigin(c);
    const flowId = takeFlowCookie(c);
    const actor = c.get("actor");
    try {
      const finished = await c.get("services").bankSignIn.finish({
        origin,
        flowId,
        callbackUrl: new URL(`${origin}${BANK_CALLBACK_PATH}${new URL(c.req.url).search}`),
        signedInUserId: actor.kind === "user" ? actor.userId : undefined,
      });
      const redirectTo = safeRedirectPath(finished.redirectTo);
      if (finished.purpose === "import") {
        return c.redirect(withQueryParam(redirectTo, PROFILE_IMPORT_PARAM, PROFILE_IMPORT_DONE), 302);
      }
      await signInAs(c, finished.userId, "bank");
      return c.redirect(redirectTo, 302);
    } catch (error) {
      // The browser came back from the bank: whatever broke, it lands on a page that says so, not on JSON.
      if (!(error instanceof BankFlowError)) {
        c.get("logger").error({ err: error, event: "bank_sign_in_failed" }, "bank callback failed");
        return c.redirect(failureTarget("bank_failed", undefined), 302);
      }
      c.get("logger").info({ event: "bank_sign_in_failed", reason: error.code }, "bank round trip failed");
      return c.redirect(failureTarget(error.code, error.flow), 302);
    }
  });
