import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { IMPORT_FIELDS } from "#contract/bank-sign-in.ts";
import { importApplySchema } from "#contract/profile-import.ts";
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
import type { AppEnv } from "#server/http/env.ts";

const importFieldSchema = z
  .object({
    field: z.enum(IMPORT_FIELDS),
    label: z.string().describe("Название поля по-русски"),
    value: z.string().describe("Значение из банка, как его сохранит профиль (телефон — E.164)"),
    display: z.string().describe("Значение для показа (телефон — +7 (XXX) XXX-XX-XX)"),
    current: z.string().nullable().describe("Что в профиле сейчас"),
    status: z
      .enum(["new", "same", "invalid", "taken"])
      .describe(
        "new — можно принять; same — уже в профиле; invalid — не подходит под правила профиля; " +
          "taken — телефон другой учётной записи, перенести нельзя",
      ),
    message: z.string().optional().describe("Почему поле нельзя принять"),
  })
  .openapi("ProfileImportField");
const pendingImportSchema = z
  .object({
    fields: z.array(importFieldSchema),
    expiresAt: z.string().describe("До какого времени данные ждут решения, ISO 8601"),
  })
  .openapi("ProfileImport");
const pendingAnswerSchema = z.object({
  pending: pendingImportSchema
    .nullable()
    .describe("null — данных из банка нет (не было, устарели, применены)"),
});

const getImport = defineRoute({
  method: "get",
  path: "/",
  operationId: "getProfileImport",
  tags: ["user"],
  summary: "Данные из банка, ожидающие решения покупателя (импорт профиля)",
  description:
    "Только свои данные. Нет данных (не было импорта, устарели, применены) — `pending: null`: страница " +
    "спрашивает об этом при каждом показе профиля, и это не ошибка. Функция alfaId выключена — 404.",
  cache: "personal",
  security: SIGNED_IN_SECURITY,
  responses: {
    ...jsonOk(pendingAnswerSchema, "Поля из банка рядом с профилем"),
    ...errorResponses(401, 404),
  },
});

const applyImport = defineRoute({
  method: "post",
  path: "/apply",
  operationId: "applyProfileImport",
  tags: ["user"],
  summary: "Перенести выбранные поля из банка в профиль",
  description:
    "`consent` — согласие на обработку данных, обязательно true («Поле обязательно к заполнению»). " +
    "Поля проверяются правилами профиля; телефон другой учётной записи не переносится (409 phone_in_use). " +
    "После применения данные из банка удаляются.",
  cache: "personal",
  security: SIGNED_IN_SECURITY,
  request: { body: jsonBody(importApplySchema) },
  responses: { 204: { description: "Профиль обновлён" }, ...errorResponses(401, 403, 404, 409) },
});

const discardImport = defineRoute({
  method: "delete",
  path: "/",
  operationId: "discardProfileImport",
  tags: ["user"],
  summary: "Отказаться от данных из банка",
  cache: "personal",
  security: SIGNED_IN_SECURITY,
  responses: { 204: { description: "Данные из банка удалены" }, ...errorResponses(401, 403, 404) },
});

/** The identity import is part of the alfaId feature: off, its endpoints answer as if they did not exist. */
// biome-ignore lint/suspicious/noExplicitAny: any route's context, whatever its path and input.
export function requireImportFeature(c: Context<AppEnv, any, any>): void {
  if (!c.get("config").features.alfaId) {
    throw new AppError("not_found", "Импорт профиля из банка выключен", { code: "profile_import_not_found" });
  }
}

/** The shopper's pending identity import (ADR 030), at /api/v1/user/profile/import. */
export const profileImportRoute = createRouter()
  .openapi(getImport, async (c) => {
    const { userId } = requireUser(c);
    requireImportFeature(c);
    const pending = await c.get("services").bankSignIn.pendingImport(userId);
    return c.json(
      { pending: pending ? { fields: pending.fields, expiresAt: pending.expiresAt.toISOString() } : null },
      200,
    );
  })
  .openapi(applyImport, async (c) => {
    const { userId } = requireUser(c);
    requireImportFeature(c);
    await c.get("services").bankSignIn.applyImport(userId, c.req.valid("json").fields);
    return c.body(null, 204);
  })
  .openapi(discardImport, async (c) => {
    const { userId } = requireUser(c);
    requireImportFeature(c);
    await c.get("services").bankSignIn.discardImport(userId);
    c.get("logger").info({ event: "profile_import_discarded", userId }, "identity import discarded");
    return c.body(null, 204);
  });
