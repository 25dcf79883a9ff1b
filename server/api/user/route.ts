import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "#server/api/env.ts";
import type { RouteDoc } from "#server/api/openapi/document.ts";
import { AppError } from "#server/errors.ts";

const externalProfileBodySchema = z.object({
  redirectTo: z
    .string()
    .max(2048)
    .regex(/^\/(?!\/)/, { error: "Адрес возврата должен быть путём на этом сайте" }),
});
const externalProfileResponseSchema = z.object({ redirect_url: z.string() });

export const userDocs: RouteDoc[] = [
  {
    method: "post",
    path: "/user/external/profile",
    summary: "Ссылка на импорт профиля из сервиса идентификации банка",
    tag: "user",
    body: externalProfileBodySchema,
    response: externalProfileResponseSchema,
    errors: [401],
  },
  {
    method: "get",
    path: "/v1/user/profile",
    summary: "Профиль покупателя (требует входа)",
    tag: "user",
    response: z.object({ id: z.string(), name: z.string() }),
    errors: [401],
  },
];

/**
 * Signed-in features. Sessions arrive with the identity issue; until then nobody can be signed in, so
 * every call here answers 401 and the storefront sends the shopper to authorisation.
 */
const requireUser = () => {
  throw new AppError("unauthorized", "Войдите, чтобы продолжить", { code: "not_signed_in" });
};

/** Spec section 7 keeps the identity-import call outside the versioned API: POST /api/user/external/profile. */
export const externalProfileRoute = new Hono<AppEnv>().post("/external/profile", requireUser);

export const userRoute = new Hono<AppEnv>().get("/profile", requireUser);
