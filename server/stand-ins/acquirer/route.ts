import { randomBytes } from "node:crypto";
import { type Context, Hono } from "hono";
import { BODY_LIMITS, limitBody } from "#server/http/body-limit.ts";
import type { AppEnv } from "#server/http/env.ts";
import { requestOrigin } from "#server/http/public-origin.ts";
import {
  acquirerCsp,
  renderInstallment,
  renderNotFound,
  renderOutcome,
  renderPaymentForm,
  renderThreeDs,
} from "./pages.ts";
import type { StandInPayment } from "./repository.ts";
import { ACQUIRER_MOUNT, type AcquirerStandIn, type PageAnswer } from "./stand-in.ts";

const field = (form: Record<string, unknown>, name: string, max = 64) =>
  typeof form[name] === "string" ? (form[name] as string).slice(0, max) : "";

const originOf = (url: string | null) => (url && URL.canParse(url) ? new URL(url).origin : undefined);

/**
 * The built-in acquirer under `/acquirer` (ADR 037): the T-Bank API at `/acquirer/v2/{Init,GetState,Cancel}`
 * and the hosted pages at `/acquirer/pay/{paymentId}/{formKey}` (card form, SBP, 3-D Secure at `/3ds`).
 * Served only when no real acquirer is configured (ACQUIRER_URL).
 */
export function createAcquirerStandInRoute(standIn: AcquirerStandIn) {
  const router = new Hono<AppEnv>();

  router.post("/v2/:method", limitBody(BODY_LIMITS.apiWrite), (c) =>
    standIn.fetch(c.req.raw, requestOrigin(c)),
  );

  const pagePath = (id: number, key: string) => `${ACQUIRER_MOUNT}/pay/${id}/${key}`;

  function html(
    c: Context,
    render: (nonce: string) => string,
    status: 200 | 403 | 404,
    payment?: StandInPayment,
  ) {
    const nonce = randomBytes(16).toString("base64");
    // Browsers hold the redirect after a form post to form-action too: the shop's return addresses join it.
    const targets = [originOf(payment?.successUrl ?? null), originOf(payment?.failUrl ?? null)].filter(
      (o): o is string => !!o && o !== requestOrigin(c),
    );
    c.header("Content-Security-Policy", acquirerCsp(nonce, [...new Set(targets)]));
    c.header("Cache-Control", "no-store");
    return c.html(render(nonce), status);
  }

  function answer(c: Context, result: PageAnswer, id: number, key: string) {
    const action = pagePath(id, key);
    switch (result.kind) {
      case "redirect":
        c.header("Cache-Control", "no-store");
        return c.redirect(result.to, 303);
      case "form":
        return html(
          c,
          (nonce) =>
            renderPaymentForm(nonce, {
              payment: result.payment,
              method: result.method,
              action,
              ...(result.errors ? { errors: result.errors } : {}),
              ...(result.values ? { values: result.values } : {}),
            }),
          200,
          result.payment,
        );
      case "3ds":
        return html(
          c,
          (nonce) =>
            renderThreeDs(nonce, {
              payment: result.payment,
              action: `${action}/3ds`,
              attemptsLeft: result.attemptsLeft,
              ...(result.error ? { error: result.error } : {}),
            }),
          200,
          result.payment,
        );
      case "installment":
        return html(
          c,
          (nonce) =>
            renderInstallment(nonce, {
              payment: result.payment,
              months: result.months,
              action: `${action}/installment`,
            }),
          200,
          result.payment,
        );
      case "paid":
        return html(
          c,
          (nonce) => renderOutcome(nonce, { payment: result.payment, paid: true }),
          200,
          result.payment,
        );
      case "failed":
        return html(
          c,
          (nonce) => renderOutcome(nonce, { payment: result.payment, paid: false, reason: result.reason }),
          200,
          result.payment,
        );
      default:
        return html(c, renderNotFound, 404);
    }
  }

  const params = (c: Context) => ({ id: Number(c.req.param("id")), key: c.req.param("key") ?? "" });

  // The page's forms post only from its own pages: another site's post is refused.
  router.use("/pay/*", async (c, next) => {
    if (c.req.method === "POST") {
      const from = c.req.header("origin");
      if (from && from !== "null" && from !== requestOrigin(c)) {
        return html(c, renderNotFound, 403);
      }
    }
    await next();
  });

  router.get("/pay/:id/:key", async (c) => {
    const { id, key } = params(c);
    const method = c.req.query("method");
    return answer(
      c,
      await standIn.show(id, key, method === "sbp" || method === "card" ? method : undefined),
      id,
      key,
    );
  });

  router.post("/pay/:id/:key/card", limitBody(BODY_LIMITS.apiWrite), async (c) => {
    const { id, key } = params(c);
    const form = await c.req.parseBody();
    const result = await standIn.payByCard(id, key, {
      pan: field(form, "pan", 32),
      expiry: field(form, "expiry", 16),
      cvc: field(form, "cvc", 8),
    });
    return answer(c, result, id, key);
  });

  router.post("/pay/:id/:key/sbp", limitBody(BODY_LIMITS.apiWrite), async (c) => {
    const { id, key } = params(c);
    const form = await c.req.parseBody();
    const outcome = field(form, "outcome") === "success" ? "success" : "decline";
    return answer(c, await standIn.payBySbp(id, key, outcome), id, key);
  });

  router.post("/pay/:id/:key/installment", limitBody(BODY_LIMITS.apiWrite), async (c) => {
    const { id, key } = params(c);
    const form = await c.req.parseBody();
    const outcome = field(form, "outcome") === "approve" ? "approve" : "decline";
    return answer(c, await standIn.decideInstallment(id, key, outcome), id, key);
  });

  router.get("/pay/:id/:key/3ds", async (c) => {
    const { id, key } = params(c);
    return answer(c, await standIn.threeDs(id, key), id, key);
  });

  router.post("/pay/:id/:key/3ds", limitBody(BODY_LIMITS.apiWrite), async (c) => {
    const { id, key } = params(c);
    const form = await c.req.parseBody();
    return answer(c, await standIn.confirmThreeDs(id, key, field(form, "code", 16)), id, key);
  });

  router.post("/pay/:id/:key/3ds/cancel", limitBody(BODY_LIMITS.apiWrite), async (c) => {
    const { id, key } = params(c);
    return answer(c, await standIn.confirmThreeDs(id, key, undefined), id, key);
  });

  return router;
}
