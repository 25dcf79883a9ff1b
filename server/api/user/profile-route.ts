import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  maskedPhoneToE164,
  phoneChangeSchema,
  phoneConfirmSchema,
  profileSchema,
} from "#contract/profile.ts";
import { requireUser } from "#server/api/actor.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonBody,
  jsonOk,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";
import type { UserRow } from "#server/domain/identity/repository.ts";
import { maskPhone } from "#server/domain/phone-sign-in/service.ts";
import { clientAddress } from "#server/http/client-address.ts";
import { rateLimitKey } from "#server/http/rate-limits.ts";
import { meSchema } from "./route.ts";

const codeSentSchema = z.object({
  resendAfterS: z.number().int().describe("Через сколько секунд можно запросить новый код"),
  expiresInS: z.number().int().describe("Сколько секунд действует код"),
});

const updateProfile = defineRoute({
  method: "put",
  path: "/profile",
  operationId: "updateProfile",
  tags: ["user"],
  summary: "Изменить фамилию, имя, отчество и email",
  description:
    "Заменяет все четыре поля (ADR 033): фамилия и имя обязательны и пишутся кириллицей, отчество — " +
    "кириллицей или пусто, email — пусто или адрес. Пустые отчество и email хранятся как null. Ошибки " +
    "проверки — 400 с текстами из спецификации по полям (`body.surname`…). Меняет только учётную запись " +
    "вошедшего: идентификатора в запросе нет.",
  cache: "personal",
  security: SIGNED_IN_SECURITY,
  request: { body: jsonBody(profileSchema) },
  responses: { ...jsonOk(meSchema, "Учётная запись после изменения"), ...errorResponses(401, 403) },
});

const requestPhoneCode = defineRoute({
  method: "post",
  path: "/phone/code",
  operationId: "requestPhoneChangeCode",
  tags: ["user"],
  summary: "Отправить код для смены телефона на новый номер",
  description:
    "Ответ одинаков, занят номер другой учётной записью или нет. Лимиты и повторная отправка — как у " +
    "входа по СМС (ADR 028). Текущий номер — 400.",
  cache: "personal",
  security: SIGNED_IN_SECURITY,
  request: { body: jsonBody(phoneChangeSchema) },
  responses: {
    202: { description: "Код отправлен", content: { "application/json": { schema: codeSentSchema } } },
    ...errorResponses(401, 403, 429),
  },
});

const changePhone = defineRoute({
  method: "put",
  path: "/phone",
  operationId: "changePhone",
  tags: ["user"],
  summary: "Сменить телефон по коду из СМС",
  description:
    "Номер, привязанный к другой учётной записи, — 409 `phone_in_use` (без сведений о ней). Неверный, " +
    "истёкший или исчерпанный код — 400, как при входе.",
  cache: "personal",
  security: SIGNED_IN_SECURITY,
  request: { body: jsonBody(phoneConfirmSchema) },
  responses: { ...jsonOk(meSchema, "Учётная запись с новым номером"), ...errorResponses(401, 403, 409, 429) },
});

/** Whom the code limits count: the client's IPv4 address or IPv6 /64 (as the sign-in does). */
function limitKey(c: Context): string {
  const address = clientAddress(c);
  return address ? rateLimitKey(address) : "unknown";
}

function meBody({ id, phone, surname, name, patronymic, email, roles }: UserRow) {
  return { id: String(id), phone, surname, name, patronymic, email, roles };
}

/** The signed-in shopper's own profile (ADR 033), at /api/v1/user beside user/route.ts. */
export const profileRoute = createRouter()
  .openapi(updateProfile, async (c) => {
    const { userId } = requireUser(c);
    const user = await c.get("services").profile.update(userId, c.req.valid("json"));
    c.get("logger").info({ event: "profile_updated", userId }, "profile updated");
    return c.json(meBody(user), 200);
  })
  .openapi(requestPhoneCode, async (c) => {
    const { userId } = requireUser(c);
    const phone = maskedPhoneToE164(c.req.valid("json").phone);
    const sent = await c.get("services").profile.requestPhoneChange(userId, phone, limitKey(c));
    return c.json(sent, 202);
  })
  .openapi(changePhone, async (c) => {
    const { userId } = requireUser(c);
    const { phone: masked, code } = c.req.valid("json");
    const phone = maskedPhoneToE164(masked);
    const user = await c.get("services").profile.confirmPhoneChange(userId, phone, code, limitKey(c));
    c.get("logger").info({ event: "phone_changed", userId, phone: maskPhone(phone) }, "phone changed");
    return c.json(meBody(user), 200);
  });
