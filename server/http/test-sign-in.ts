import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "#server/api/env.ts";
import { signInAs } from "#server/api/sign-in.ts";
import { AppError } from "#server/errors.ts";
import { BODY_LIMITS, limitBody } from "./body-limit.ts";

/** Header carrying TEST_SIGN_IN_SECRET. */
export const TEST_SIGN_IN_HEADER = "x-test-sign-in-secret";

const newUserSchema = z.object({
  phone: z.string().regex(/^\+7\d{10}$/),
  surname: z.string().max(100).optional(),
  name: z.string().max(100).optional(),
  patronymic: z.string().max(100).optional(),
  email: z.email().optional(),
  /** Points the new shopper starts with (a welcome accrual on the ledger), for paying with points. */
  points: z.number().int().min(1).max(1_000_000).optional(),
});
/** Another session for a shopper the seam made before: a second device of the same account. */
const existingUserSchema = z.object({ userId: z.number().int().positive() }).strict();
const bodySchema = z.union([existingUserSchema, newUserSchema]);

/** Whether a test seam's caller gave the configured secret (constant-time). */
export function sameSecret(given: string | undefined, secret: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Browser tests' way in (the Playwright `signIn` fixture, tests/e2e/fixtures.ts), in the manner of
 * epic-stack's test login: it creates the shopper it is given and opens a real session for them, with
 * the same cookie a sign-in sets; given `{userId}` instead, it opens one more session for that shopper
 * (a second device, for the devices list). It exists only while TEST_SIGN_IN_SECRET is configured (never in
 * production; the config refuses a short secret) and answers 404 to a call without that secret, so the
 * route cannot even be discovered.
 */
export function createTestSignInRoute(secret: string) {
  return new Hono<AppEnv>().post(
    "/__test/sign-in",
    async (c, next) => {
      // Before the body limit: without the secret even an oversized body learns nothing but 404.
      if (!sameSecret(c.req.header(TEST_SIGN_IN_HEADER), secret)) {
        throw new AppError("not_found", "Страница не найдена", { code: "page_not_found" });
      }
      await next();
    },
    limitBody(BODY_LIMITS.testSignIn),
    async (c) => {
      const body = bodySchema.parse(await c.req.json());
      const { identity } = c.get("services");
      const { points, ...fields } = "userId" in body ? { points: undefined, ...body } : body;
      const user =
        "userId" in fields ? await identity.userById(fields.userId) : await identity.createUser(fields);
      if (!user) throw new AppError("not_found", "Пользователь не найден");
      if (points) await c.get("services").orders.grantWelcome(user.id, points);
      // The same rotation, cookie and event as a real sign-in; "phone" as the seam vouches for a phone.
      await signInAs(c, user.id, "phone");
      c.header("Cache-Control", "no-store");
      return c.json({ userId: user.id, phone: user.phone });
    },
  );
}
