import { z } from "@hono/zod-openapi";
import { IMPORT_ERROR_MESSAGES } from "#contract/bank-sign-in.ts";
import { findUnsafeText } from "#contract/input-text.ts";
import { isSafeRedirectPath, MAX_REDIRECT_LENGTH, safeRedirectPath } from "#contract/redirect-to.ts";
import { requireUser } from "#server/api/actor.ts";
import { flowLimitKey, setFlowCookie } from "#server/api/auth/bank-route.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonBody,
  jsonOk,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";
import { clearSessionCookie } from "#server/api/session-cookie.ts";
import { requireImportFeature } from "#server/api/user/profile-import-route.ts";
import { BankFlowError } from "#server/domain/bank-sign-in/service.ts";
import { AppError } from "#server/errors.ts";
import { requestOrigin } from "#server/http/public-origin.ts";

const externalProfileBodySchema = z.object({
  redirectTo: z
    .string()
    .max(MAX_REDIRECT_LENGTH)
    // Text no field may hold (NUL, a broken surrogate) is left to the API's own check and its message.
    .refine((value) => findUnsafeText(value, "") !== undefined || isSafeRedirectPath(value), {
      error: "Адрес возврата должен быть путём на этом сайте",
    })
    .describe(
      "Путь на этом сайте, куда вернуться (с запросом); `//host`, `/\\host`, `https:`, `javascript:` не принимаются",
    ),
});
const externalProfileResponseSchema = z.object({ redirect_url: z.string() });
const profileSchema = z.object({ id: z.string(), name: z.string() });
export const meSchema = z
  .object({
    id: z.string(),
    phone: z.string().nullable().describe("E.164, например +79161234567"),
    surname: z.string().nullable(),
    name: z.string().nullable(),
    patronymic: z.string().nullable(),
    email: z.string().nullable(),
    roles: z.array(z.string()),
  })
  .openapi("Me");
const deviceSchema = z
  .object({
    id: z.string().describe("Открытый идентификатор сеанса (не токен и не его хеш)"),
    createdAt: z.string().describe("Когда выполнен вход, ISO 8601"),
    lastSeenAt: z.string().describe("Когда сеанс использовался последним, ISO 8601"),
    userAgent: z.string().nullable(),
    ip: z.string().nullable(),
    current: z.boolean().describe("Сеанс этого браузера"),
  })
  .openapi("Device");
const devicesSchema = z.object({ items: z.array(deviceSchema) });
const deviceParamsSchema = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: "id", in: "path" }, description: "Открытый идентификатор сеанса" }),
});

const importExternalProfile = defineRoute({
  method: "post",
  path: "/external/profile",
  operationId: "importExternalProfile",
  tags: ["user"],
  summary: "Ссылка на импорт профиля из сервиса идентификации банка",
  description:
    "Открывает импорт (ADR 030): `redirect_url` — экран согласия банка (OIDC с PKCE, профиль, телефон, email). " +
    "После согласия банк возвращает на `redirectTo` с `profileImport=1`, данные ждут решения в " +
    "`GET /api/v1/user/profile/import`. Функция alfaId выключена — 404; банк недоступен — 503.",
  cache: "personal",
  security: SIGNED_IN_SECURITY,
  request: { body: jsonBody(externalProfileBodySchema) },
  responses: {
    ...jsonOk(externalProfileResponseSchema, "Адрес перехода"),
    ...errorResponses(401, 403, 404, 429),
  },
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

const getMe = defineRoute({
  method: "get",
  path: "/me",
  operationId: "getMe",
  tags: ["user"],
  summary: "Кто вошёл: данные учётной записи (требует входа)",
  cache: "personal",
  security: SIGNED_IN_SECURITY,
  responses: { ...jsonOk(meSchema, "Учётная запись"), ...errorResponses(401) },
});

const listDevices = defineRoute({
  method: "get",
  path: "/sessions",
  operationId: "listSessions",
  tags: ["user"],
  summary: "Устройства, на которых выполнен вход",
  cache: "personal",
  security: SIGNED_IN_SECURITY,
  responses: { ...jsonOk(devicesSchema, "Действующие сеансы, последние первыми"), ...errorResponses(401) },
});

const revokeOtherDevices = defineRoute({
  method: "delete",
  path: "/sessions/others",
  operationId: "revokeOtherSessions",
  tags: ["user"],
  summary: "Выйти на всех других устройствах",
  cache: "personal",
  security: SIGNED_IN_SECURITY,
  responses: { 204: { description: "Другие сеансы завершены" }, ...errorResponses(401, 403) },
});

const revokeDevice = defineRoute({
  method: "delete",
  path: "/sessions/{id}",
  operationId: "revokeSession",
  tags: ["user"],
  summary: "Выйти на одном устройстве",
  description: "Чужой или уже завершённый сеанс — 404. Свой текущий сеанс — выход из этого браузера",
  cache: "personal",
  security: SIGNED_IN_SECURITY,
  request: { params: deviceParamsSchema },
  responses: { 204: { description: "Сеанс завершён" }, ...errorResponses(401, 403, 404) },
});

/** Spec section 7 keeps the identity-import call outside the versioned API: POST /api/user/external/profile. */
export const externalProfileRoute = createRouter().openapi(importExternalProfile, async (c) => {
  const { userId } = requireUser(c);
  requireImportFeature(c);
  try {
    const flow = await c.get("services").bankSignIn.start({
      origin: requestOrigin(c),
      purpose: "import",
      redirectTo: safeRedirectPath(c.req.valid("json").redirectTo),
      userId,
      client: flowLimitKey(c),
    });
    setFlowCookie(c, flow.flowId);
    c.get("logger").info({ event: "profile_import_started", userId }, "identity import started");
    return c.json({ redirect_url: flow.authorizationUrl }, 200);
  } catch (error) {
    if (!(error instanceof BankFlowError)) throw error;
    if (error.code === "bank_rate_limited") {
      throw new AppError(
        "rate_limited",
        IMPORT_ERROR_MESSAGES.bank_rate_limited,
        error.retryAfterS === undefined ? {} : { retryAfterSeconds: error.retryAfterS },
      );
    }
    throw new AppError(
      "unavailable",
      "Банк сейчас не отвечает. Попробуйте позже или заполните профиль вручную",
    );
  }
});

export const userRoute = createRouter()
  .openapi(getMe, async (c) => {
    const { userId } = requireUser(c);
    const user = await c.get("services").identity.userById(userId);
    if (!user) throw new AppError("unauthorized", "Войдите, чтобы продолжить", { code: "not_signed_in" });
    const { phone, surname, name, patronymic, email, roles } = user;
    return c.json({ id: String(user.id), phone, surname, name, patronymic, email, roles }, 200);
  })
  .openapi(listDevices, async (c) => {
    const { userId, sessionId } = requireUser(c);
    const devices = await c.get("services").identity.devicesOf(userId, sessionId);
    const items = devices.map(({ publicId, createdAt, lastSeenAt, ...device }) => ({
      id: publicId,
      createdAt: createdAt.toISOString(),
      lastSeenAt: lastSeenAt.toISOString(),
      ...device,
    }));
    return c.json({ items }, 200);
  })
  // Before /sessions/{id}, which would otherwise take "others" for an id.
  .openapi(revokeOtherDevices, async (c) => {
    const { userId, sessionId } = requireUser(c);
    const revoked = await c.get("services").identity.revokeOtherSessions(userId, sessionId);
    c.get("logger").info({ event: "sign_out_others", userId, revoked }, "sign out of other devices");
    return c.body(null, 204);
  })
  .openapi(revokeDevice, async (c) => {
    const { userId, sessionId } = requireUser(c);
    const revoked = await c.get("services").identity.revokeDevice(userId, c.req.valid("param").id);
    // Someone else's session is answered exactly as a made-up id: nothing tells it exists.
    if (!revoked) throw new AppError("not_found", "Сеанс не найден или уже завершён");
    if (revoked.sessionId === sessionId) clearSessionCookie(c);
    c.get("logger").info({ event: "sign_out_device", userId }, "sign out of a device");
    return c.body(null, 204);
  })
  .openapi(getProfile, async (c) => {
    const { userId } = requireUser(c);
    const user = await c.get("services").identity.userById(userId);
    if (!user) throw new AppError("unauthorized", "Войдите, чтобы продолжить", { code: "not_signed_in" });
    // The header greets the shopper by name, or by phone until they give one.
    const name = [user.name, user.surname].filter(Boolean).join(" ") || user.phone || "Покупатель";
    return c.json({ id: String(user.id), name }, 200);
  });
