import { z } from "@hono/zod-openapi";
import { MAX_RECIPIENTS } from "#contract/address-book.ts";
import { newRecipientInputSchema, recipientInputSchema } from "#contract/recipients.ts";
import { requireUser } from "#server/api/actor.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonBody,
  jsonOk,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";
import { rowIdParams } from "#server/api/row-id-params.ts";
import type { Recipient } from "#server/domain/recipients/service.ts";

const recipientSchema = z
  .object({
    id: z.number().int(),
    fullName: z.string().describe("Фамилия Имя Отчество, как в форме"),
    surname: z.string(),
    name: z.string(),
    patronymic: z.string().nullable(),
    phone: z.string().describe("E.164, например +79161234567"),
    email: z.string().nullable(),
    isDefault: z
      .boolean()
      .describe("Получатель по умолчанию: он подставляется при оформлении; у покупателя он один"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Recipient");

const recipientListSchema = z.object({
  items: z.array(recipientSchema).describe("Получатель по умолчанию первым, затем новые первыми"),
  limit: z.number().int().describe("Сколько получателей можно сохранить"),
});

const recipientParamsSchema = rowIdParams(
  "Номер получателя должен быть целым положительным числом",
  "Номер получателя",
);

const personal = {
  tags: ["recipients"] as [string],
  cache: "personal" as const,
  security: SIGNED_IN_SECURITY,
};

const listRecipients = defineRoute({
  ...personal,
  method: "get",
  path: "/",
  operationId: "listUserRecipients",
  summary: "Получатели заказов покупателя",
  responses: { ...jsonOk(recipientListSchema, "Получатели"), ...errorResponses(401) },
});

const createRecipient = defineRoute({
  ...personal,
  method: "post",
  path: "/",
  operationId: "createUserRecipient",
  summary: "Добавить получателя",
  description: `ФИО одной строкой по правилу спецификации (фамилия и имя, можно с отчеством, кириллицей), телефон по маске или E.164, email по желанию. Первый получатель сразу становится получателем по умолчанию, следующий — если isDefault: true. Не больше ${MAX_RECIPIENTS} (409 recipient_limit).`,
  request: { body: jsonBody(newRecipientInputSchema) },
  responses: {
    201: {
      description: "Сохранённый получатель",
      content: { "application/json": { schema: recipientSchema } },
    },
    ...errorResponses(401, 403, 409),
  },
});

const updateRecipient = defineRoute({
  ...personal,
  method: "put",
  path: "/{id}",
  operationId: "updateUserRecipient",
  summary: "Изменить получателя",
  description: "Чужой или несуществующий получатель — 404",
  request: { params: recipientParamsSchema, body: jsonBody(recipientInputSchema) },
  responses: { ...jsonOk(recipientSchema, "Изменённый получатель"), ...errorResponses(401, 403, 404) },
});

const deleteRecipient = defineRoute({
  ...personal,
  method: "delete",
  path: "/{id}",
  operationId: "deleteUserRecipient",
  summary: "Удалить получателя",
  description:
    "Если удалён получатель по умолчанию, им становится самый новый из оставшихся. Чужой получатель — 404",
  request: { params: recipientParamsSchema },
  responses: { 204: { description: "Получатель удалён" }, ...errorResponses(401, 403, 404) },
});

const makeDefaultRecipient = defineRoute({
  ...personal,
  method: "put",
  path: "/{id}/default",
  operationId: "setDefaultUserRecipient",
  summary: "Сделать получателем по умолчанию",
  description: "Остальные перестают быть получателями по умолчанию. Чужой получатель — 404",
  request: { params: recipientParamsSchema },
  responses: { ...jsonOk(recipientSchema, "Получатель по умолчанию"), ...errorResponses(401, 403, 404) },
});

function toJson(recipient: Recipient) {
  return {
    ...recipient,
    createdAt: recipient.createdAt.toISOString(),
    updatedAt: recipient.updatedAt.toISOString(),
  };
}

/** The shopper's recipients (ADR 031), at /api/v1/user/recipients. */
export const userRecipientsRoute = createRouter()
  .openapi(listRecipients, async (c) => {
    const { userId } = requireUser(c);
    const items = await c.get("services").recipients.list(userId);
    return c.json({ items: items.map(toJson), limit: MAX_RECIPIENTS }, 200);
  })
  .openapi(createRecipient, async (c) => {
    const { userId } = requireUser(c);
    const recipient = await c.get("services").recipients.create(userId, c.req.valid("json"));
    return c.json(toJson(recipient), 201);
  })
  .openapi(updateRecipient, async (c) => {
    const { userId } = requireUser(c);
    const recipient = await c
      .get("services")
      .recipients.update(userId, c.req.valid("param").id, c.req.valid("json"));
    return c.json(toJson(recipient), 200);
  })
  .openapi(deleteRecipient, async (c) => {
    const { userId } = requireUser(c);
    await c.get("services").recipients.remove(userId, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(makeDefaultRecipient, async (c) => {
    const { userId } = requireUser(c);
    const recipient = await c.get("services").recipients.makeDefault(userId, c.req.valid("param").id);
    return c.json(toJson(recipient), 200);
  });
