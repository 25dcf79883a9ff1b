import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "#server/api/env.ts";
import { AppError } from "#server/errors.ts";
import { sameSecret, TEST_SIGN_IN_HEADER } from "./test-sign-in.ts";

const querySchema = z.object({ phone: z.string().regex(/^\+7\d{10}$/) });

/**
 * Browser tests read the stand-in gateway's SMS here: their server keeps its database in memory in another
 * process, so the code a journey types must come over HTTP. Guarded exactly like the test sign-in route
 * (test-sign-in.ts): mounted only while TEST_SIGN_IN_SECRET is configured, and 404 without that secret.
 */
export function createTestOutboxRoute(secret: string) {
  return new Hono<AppEnv>().get("/__test/outbox", async (c) => {
    if (!sameSecret(c.req.header(TEST_SIGN_IN_HEADER), secret)) {
      throw new AppError("not_found", "Страница не найдена", { code: "page_not_found" });
    }
    const { phone } = querySchema.parse({ phone: c.req.query("phone") });
    const messages = await c.get("services").phoneCodes.outbox(phone);
    c.header("Cache-Control", "no-store");
    return c.json({ messages: messages.map(({ text, createdAt }) => ({ text, createdAt })) });
  });
}
