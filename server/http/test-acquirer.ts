import { Hono } from "hono";
import type { AppEnv } from "#server/api/env.ts";
import { AppError } from "#server/errors.ts";
import { sameSecret, TEST_SIGN_IN_HEADER } from "./test-sign-in.ts";

/**
 * Browser tests sign their own requests to the stand-in acquirer (ADR 037) with its terminal key and
 * password, read here: the server keeps them in its in-memory database in another process. Guarded exactly
 * like the test sign-in route (test-sign-in.ts): mounted only while TEST_SIGN_IN_SECRET is configured,
 * 404 without that secret, and absent when a real acquirer is configured.
 */
export function createTestAcquirerRoute(secret: string) {
  return new Hono<AppEnv>().get("/__test/acquirer/terminal", async (c) => {
    const standIn = c.get("services").acquirerStandIn;
    if (!standIn || !sameSecret(c.req.header(TEST_SIGN_IN_HEADER), secret)) {
      throw new AppError("not_found", "Страница не найдена", { code: "page_not_found" });
    }
    c.header("Cache-Control", "no-store");
    return c.json(await standIn.credentials());
  });
}
