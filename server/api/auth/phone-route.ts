import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { messages, toE164Phone } from "#contract/validation.ts";
import { createRouter, defineRoute, errorResponses, jsonBody, jsonOk } from "#server/api/define-route.ts";
import { signInAs } from "#server/api/sign-in.ts";
import { clientAddress } from "#server/http/client-address.ts";
import { rateLimitKey } from "#server/http/rate-limits.ts";

/** A Russian mobile number as the form sends it, or E.164, normalised to E.164: +79123456789. */
export const signInPhoneSchema = z
  .string({ error: messages.phone })
  .trim()
  .max(32, { error: messages.phone })
  .transform(toE164Phone)
  .openapi({ example: "+7 (912) 345-67-89", description: "Телефон: +7 (XXX) XXX-XX-XX или +7XXXXXXXXXX" });

const codeBodySchema = z.object({ phone: signInPhoneSchema });
const confirmBodySchema = z.object({
  phone: signInPhoneSchema,
  code: z
    .string({ error: "Введите код из СМС" })
    .trim()
    .regex(/^\d{6}$/, { error: "Код состоит из 6 цифр" }),
});
const codeSentSchema = z.object({
  resendAfterS: z.number().int().describe("Через сколько секунд можно запросить новый код"),
  expiresInS: z.number().int().describe("Сколько секунд действует код"),
});
const signedInSchema = z.object({
  user: z.object({ id: z.string(), phone: z.string(), name: z.string().nullable() }),
});

const requestCode = defineRoute({
  method: "post",
  path: "/code",
  operationId: "requestPhoneCode",
  tags: ["auth"],
  summary: "Отправить код входа по СМС (ответ одинаков для любого номера)",
  cache: "personal",
  request: { body: jsonBody(codeBodySchema) },
  responses: {
    202: { description: "Код отправлен", content: { "application/json": { schema: codeSentSchema } } },
    ...errorResponses(403, 429),
  },
});

const confirmCode = defineRoute({
  method: "post",
  path: "/confirm",
  operationId: "confirmPhoneCode",
  tags: ["auth"],
  summary: "Войти по коду из СМС: ставит cookie сессии",
  cache: "personal",
  request: { body: jsonBody(confirmBodySchema) },
  responses: { ...jsonOk(signedInSchema, "Вход выполнен"), ...errorResponses(403, 429) },
});

/** Whom the per-address limits count: the client's IPv4 address or IPv6 /64. */
function limitKey(c: Context): string {
  const address = clientAddress(c);
  return address ? rateLimitKey(address) : "unknown";
}

/** Sign-in by SMS code (ADR 028), at /api/v1/auth/phone. */
export const phoneSignInRoute = createRouter()
  .openapi(requestCode, async (c) => {
    const { phone } = c.req.valid("json");
    const sent = await c.get("services").phoneCodes.requestCode(phone, limitKey(c));
    return c.json(sent, 202);
  })
  .openapi(confirmCode, async (c) => {
    const { phone, code } = c.req.valid("json");
    const user = await c.get("services").phoneCodes.confirmCode(phone, code, limitKey(c));
    await signInAs(c, user.id, "phone");
    return c.json({ user: { id: String(user.id), phone: user.phone, name: user.name } }, 200);
  });
