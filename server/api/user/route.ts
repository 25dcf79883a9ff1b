import { z } from "@hono/zod-openapi";
import { requireUser } from "#server/api/actor.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonBody,
  jsonOk,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";
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
  security: SIGNED_IN_SECURITY,
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
  security: SIGNED_IN_SECURITY,
  responses: { ...jsonOk(profileSchema, "Профиль"), ...errorResponses(401) },
});

/** Spec section 7 keeps the identity-import call outside the versioned API: POST /api/user/external/profile. */
export const externalProfileRoute = createRouter().openapi(importExternalProfile, (c) => {
  requireUser(c);
  // The bank's identity service (OIDC with profile scopes) is wired in with bank sign-in (issue 11).
  throw new AppError("unavailable", "Импорт профиля из банка пока недоступен. Заполните профиль вручную");
});

export const userRoute = createRouter().openapi(getProfile, async (c) => {
  const { userId } = requireUser(c);
  const user = await c.get("services").identity.userById(userId);
  if (!user) throw new AppError("unauthorized", "Войдите, чтобы продолжить", { code: "not_signed_in" });
  // The header greets the shopper by name, or by phone until they give one.
  const name = [user.name, user.surname].filter(Boolean).join(" ") || user.phone || "Покупатель";
  return c.json({ id: String(user.id), name }, 200);
});
