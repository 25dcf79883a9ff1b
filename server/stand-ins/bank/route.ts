import { randomBytes } from "node:crypto";
import { type Context, Hono } from "hono";
import { BODY_LIMITS, limitBody } from "#server/http/body-limit.ts";
import { clientAddress } from "#server/http/client-address.ts";
import type { AppEnv } from "#server/http/env.ts";
import { requestOrigin } from "#server/http/public-origin.ts";
import { rateLimitKey } from "#server/http/rate-limits.ts";
import { renderBankConsent, renderBankError, renderBankLogin } from "./pages.ts";
import {
  BANK_MOUNT,
  type BankStandIn,
  bankCsp,
  InteractionGoneError,
  STAND_IN_CLIENT_NAME,
} from "./stand-in.ts";

/** The interaction's uid as oidc-provider makes them (nanoid): anything else is not one of ours. */
const UID = /^[A-Za-z0-9_-]{8,64}$/;

/** The interaction helpers read only the cookies: they get the request without its (already read) body. */
const withoutBody = (c: Context) => new Request(c.req.url, { method: "GET", headers: c.req.raw.headers });

function page(c: Context, html: (nonce: string) => string, status: 200 | 400 | 403 | 429 = 200) {
  const nonce = randomBytes(16).toString("base64");
  c.header("Content-Security-Policy", bankCsp(nonce));
  c.header("Cache-Control", "no-store");
  return c.html(html(nonce), status);
}

const gone = (c: Context) =>
  page(
    c,
    (nonce) =>
      renderBankError(
        nonce,
        "Сеанс входа истёк или открыт в другом браузере. Начните вход в магазине заново.",
      ),
    400,
  );

/**
 * The built-in bank under `/bank` (ADR 029): its login and consent screens here, everything else
 * (discovery, authorization, token, userinfo, JWKS) answered by oidc-provider through the in-process
 * bridge. Served only when no real bank is configured (OIDC_ISSUER).
 */
export function createBankStandInRoute(standIn: BankStandIn) {
  const router = new Hono<AppEnv>();
  const origin = (c: Context) => requestOrigin(c);
  const interactionPath = (uid: string) => `${BANK_MOUNT}/interaction/${uid}`;

  router.onError((error, c) => {
    if (error instanceof InteractionGoneError) return gone(c);
    throw error;
  });

  // The bank's forms post only from its own pages (plus SameSite=Lax cookies): a cross-site post is refused.
  router.use("/interaction/*", async (c, next) => {
    if (c.req.method === "POST") {
      const from = c.req.header("origin");
      if (from && from !== origin(c)) {
        return page(c, (nonce) => renderBankError(nonce, "Запрос пришёл не со страницы банка."), 403);
      }
    }
    await next();
    // The forms' redirects (on to the provider, with the customer's login done) are never kept either.
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  });

  router.get("/interaction/:uid", async (c) => {
    const uid = c.req.param("uid");
    if (!UID.test(uid)) return gone(c);
    const view = await standIn.view(withoutBody(c), origin(c), uid);
    const actions = {
      abortAction: `${interactionPath(uid)}/abort`,
      denyAction: `${interactionPath(uid)}/abort`,
    };
    if (view.step === "login" || !view.customer) {
      return page(c, (nonce) =>
        renderBankLogin(nonce, {
          action: `${interactionPath(uid)}/login`,
          abortAction: actions.abortAction,
          clientName: view.clientName,
        }),
      );
    }
    const customer = view.customer;
    return page(c, (nonce) =>
      renderBankConsent(nonce, {
        action: `${interactionPath(uid)}/confirm`,
        denyAction: actions.denyAction,
        clientName: view.clientName,
        customer,
        scopes: view.scopes,
      }),
    );
  });

  router.post("/interaction/:uid/login", limitBody(BODY_LIMITS.page), async (c) => {
    const uid = c.req.param("uid");
    if (!UID.test(uid)) return gone(c);
    const form = await c.req.parseBody();
    const login = typeof form.login === "string" ? form.login.slice(0, 64) : "";
    const password = typeof form.password === "string" ? form.password.slice(0, 128) : "";
    const loginPage = (error: string, status: 200 | 429) =>
      page(
        c,
        (nonce) =>
          renderBankLogin(nonce, {
            action: `${interactionPath(uid)}/login`,
            abortAction: `${interactionPath(uid)}/abort`,
            clientName: STAND_IN_CLIENT_NAME,
            login,
            error,
          }),
        status,
      );
    // The form again with its message: an answer the page reads, not a failed load (200).
    if (!login.trim() || !password) return loginPage("Введите логин и пароль", 200);
    const result = await standIn.login(withoutBody(c), origin(c), uid, login, password);
    if ("wrong" in result)
      return loginPage("Неверный логин или пароль. Проверьте раскладку и Caps Lock", 200);
    if ("locked" in result) {
      c.header("Retry-After", String(result.locked));
      const minutes = Math.max(1, Math.ceil(result.locked / 60));
      return loginPage(`Слишком много неверных попыток. Попробуйте через ${minutes} мин.`, 429);
    }
    return c.redirect(result.redirectTo, 303);
  });

  router.post("/interaction/:uid/confirm", limitBody(BODY_LIMITS.page), async (c) => {
    const uid = c.req.param("uid");
    if (!UID.test(uid)) return gone(c);
    return c.redirect(await standIn.consent(withoutBody(c), origin(c), uid), 303);
  });

  router.post("/interaction/:uid/abort", limitBody(BODY_LIMITS.page), async (c) => {
    const uid = c.req.param("uid");
    if (!UID.test(uid)) return gone(c);
    return c.redirect(await standIn.deny(withoutBody(c), origin(c), uid), 303);
  });

  // The authorization endpoint stores an interaction per request: a client address gets only so many.
  router.on(["GET", "POST"], "/auth", async (c, next) => {
    const address = clientAddress(c);
    const wait = address ? await standIn.authorizationRefused(rateLimitKey(address)) : undefined;
    if (wait === undefined) return next();
    c.header("Retry-After", String(wait));
    const minutes = Math.max(1, Math.ceil(wait / 60));
    return page(
      c,
      (nonce) =>
        renderBankError(nonce, `Слишком много попыток входа. Вернитесь в магазин через ${minutes} мин.`),
      429,
    );
  });

  // The provider's own endpoints.
  router.all("*", (c) => standIn.handle(c.req.raw, { origin: origin(c), clientAddress: clientAddress(c) }));
  return router;
}
