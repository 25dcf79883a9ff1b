import { z } from "@hono/zod-openapi";
import { createRouter, defineRoute, errorResponses, jsonBody, jsonOk } from "#server/api/define-route.ts";
import { AppError } from "#server/errors.ts";

const externalProfileBodySchema = z.object({
  redirectTo: z
    .string()
    .max(2048)
    .regex(/^\/(?!\/)/, { error: "Адрес возврата должен быть путём на этом сайте" }),
});
const externalProfileResponseSchema = z.object({ redirect_url: z.string() });
const profileSchema = z.object({ id: z.string(), name: z.string() });

const importExternalProfile = defineRoute({
  method: "post",
  path: "/external/profile",
  operationId: "importExternalProfile",
  tags: ["user"],
  summary: "Ссылка на импорт профиля из сервиса идентификации банка",
  cache: "personal",
  request: { body: jsonBody(externalProfileBodySchema) },
  responses: { ...jsonOk(externalProfileResponseSchema, "Адрес перехода"), ...errorResponses(401, 403) },
});

const getProfile = defineRoute({
  method: "get",
  path: "/profile",
  operationId: "getProfile",
  tags: ["user"],
  summary: "Профиль покупателя (требует входа)",
  cache: "personal",
  responses: { ...jsonOk(profileSchema, "Профиль"), ...errorResponses(401) },
});

/**
 * Signed-in features. Sessions arrive with the identity issue; until then nobody can be signed in, so
 * every call here answers 401 and the storefront sends the shopper to authorisation.
 */
function requireUser(): never {
  throw new AppError("unauthorized", "Войдите, чтобы продолжить", { code: "not_signed_in" });
}

/** Spec section 7 keeps the identity-import call outside the versioned API: POST /api/user/external/profile. */
export const externalProfileRoute = createRouter().openapi(importExternalProfile, requireUser);

export const userRoute = createRouter().openapi(getProfile, requireUser);
