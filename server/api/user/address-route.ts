import { z } from "@hono/zod-openapi";
import { DELIVERY_TYPES, MAX_ADDRESSES } from "#contract/address-book.ts";
import { addressInputSchema, deliveryTypeInputSchema, newAddressInputSchema } from "#contract/addresses.ts";
import { pickupPointSchema as pickupPointSummarySchema } from "#contract/delivery.ts";
import { idParam } from "#contract/id-param.ts";
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
import type { Address } from "#server/domain/addresses/service.ts";

const deliveryTypeSchema = z
  .enum(DELIVERY_TYPES)
  .describe("Способ доставки, с которого начинается оформление: courier — курьером, pickup — в пункт выдачи");

const pickupPointSchema = z
  .object({
    id: z.number().int(),
    cityId: z.number().int(),
    provider: z.string().describe("Служба доставки"),
    name: z.string(),
    address: z.string(),
    hours: z.string().describe("Часы работы, например «Пн–Вс 10:00–21:00»"),
    latitude: z.number(),
    longitude: z.number(),
  })
  .openapi("PickupPoint");

const addressSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(DELIVERY_TYPES),
    selected: z
      .boolean()
      .describe("Выбранный адрес: с него начинается оформление заказа; у покупателя он один"),
    city: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    address: z.string().describe("Улица и дом; у пункта выдачи — его адрес"),
    entrance: z.string().nullable(),
    floor: z.string().nullable(),
    flat: z.string().nullable(),
    intercom: z.string().nullable(),
    comment: z.string().nullable().describe("Комментарий для курьера"),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    pickupPoint: pickupPointSchema.nullable().describe("Пункт выдачи (только у type=pickup)"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Address");

const addressListSchema = z.object({
  items: z.array(addressSchema).describe("Выбранный адрес первым, затем новые первыми"),
  deliveryType: deliveryTypeSchema,
  limit: z.number().int().describe("Сколько адресов можно сохранить"),
});
const selectedAddressSchema = z.object({
  address: addressSchema.nullable().describe("null, если ни один адрес не выбран"),
  deliveryType: deliveryTypeSchema,
});
const deliveryTypeAnswerSchema = z.object({ deliveryType: deliveryTypeSchema });
const pickupPointListSchema = z.object({ items: z.array(pickupPointSummarySchema) });

const addressParamsSchema = rowIdParams(
  "Номер адреса должен быть целым положительным числом",
  "Номер адреса",
);
const pickupPointsQuerySchema = z.object({
  cityId: idParam("Выберите город").openapi({
    param: { name: "cityId", in: "query" },
    description: "Город",
    type: "integer",
  }),
});

const personal = {
  tags: ["addresses"] as [string],
  cache: "personal" as const,
  security: SIGNED_IN_SECURITY,
};

const listAddresses = defineRoute({
  ...personal,
  method: "get",
  path: "/",
  operationId: "listUserAddresses",
  summary: "Адреса доставки покупателя",
  responses: { ...jsonOk(addressListSchema, "Адреса и способ доставки"), ...errorResponses(401) },
});

const createAddress = defineRoute({
  ...personal,
  method: "post",
  path: "/",
  operationId: "createUserAddress",
  summary: "Сохранить адрес: курьерский или пункт выдачи",
  description: `Первый адрес покупателя сразу становится выбранным, следующий — если selected: true. Не больше ${MAX_ADDRESSES} адресов (409 address_limit). Адрес пункта выдачи берётся из пункта.`,
  request: { body: jsonBody(newAddressInputSchema) },
  responses: {
    201: { description: "Сохранённый адрес", content: { "application/json": { schema: addressSchema } } },
    ...errorResponses(401, 403, 409),
  },
});

const getSelectedAddress = defineRoute({
  ...personal,
  method: "get",
  path: "/selected",
  operationId: "getSelectedUserAddress",
  summary: "Выбранный адрес (или null) и способ доставки",
  responses: { ...jsonOk(selectedAddressSchema, "Выбранный адрес"), ...errorResponses(401) },
});

const setDeliveryType = defineRoute({
  ...personal,
  method: "put",
  path: "/type",
  operationId: "setUserDeliveryType",
  summary: "Способ доставки: курьером или в пункт выдачи",
  description: "Выбранный адрес не меняется",
  request: { body: jsonBody(deliveryTypeInputSchema) },
  responses: { ...jsonOk(deliveryTypeAnswerSchema, "Способ доставки"), ...errorResponses(401, 403) },
});

const listPickupPoints = defineRoute({
  ...personal,
  method: "get",
  path: "/pickup-points",
  operationId: "listPickupPointsForAddress",
  summary: "Пункты выдачи города, которые можно сохранить как адрес",
  description:
    "По адресу; те же пункты, что GET /api/v1/deliveries/points (неизвестный город — пустой список). Карта и фильтр по продавцам корзины — в оформлении заказа",
  request: { query: pickupPointsQuerySchema },
  responses: { ...jsonOk(pickupPointListSchema, "Пункты выдачи"), ...errorResponses(401) },
});

const updateAddress = defineRoute({
  ...personal,
  method: "put",
  path: "/{id}",
  operationId: "updateUserAddress",
  summary: "Изменить адрес",
  description: "Адрес целиком; тип можно сменить. Чужой или несуществующий адрес — 404",
  request: { params: addressParamsSchema, body: jsonBody(addressInputSchema) },
  responses: { ...jsonOk(addressSchema, "Изменённый адрес"), ...errorResponses(401, 403, 404) },
});

const deleteAddress = defineRoute({
  ...personal,
  method: "delete",
  path: "/{id}",
  operationId: "deleteUserAddress",
  summary: "Удалить адрес",
  description:
    "Если удалён выбранный адрес, выбранным становится самый новый адрес того же типа (или никакой). Чужой адрес — 404",
  request: { params: addressParamsSchema },
  responses: { 204: { description: "Адрес удалён" }, ...errorResponses(401, 403, 404) },
});

const selectAddress = defineRoute({
  ...personal,
  method: "put",
  path: "/{id}/selected",
  operationId: "selectUserAddress",
  summary: "Сделать адрес выбранным",
  description:
    "Остальные перестают быть выбранными; тип адреса становится способом доставки. Чужой адрес — 404",
  request: { params: addressParamsSchema },
  responses: { ...jsonOk(addressSchema, "Выбранный адрес"), ...errorResponses(401, 403, 404) },
});

function toJson(address: Address) {
  return {
    ...address,
    createdAt: address.createdAt.toISOString(),
    updatedAt: address.updatedAt.toISOString(),
  };
}

/** The spec's `/v1/user/address…` endpoints (ADR 031), at /api/v1/user/address. */
export const userAddressRoute = createRouter()
  .openapi(listAddresses, async (c) => {
    const { userId } = requireUser(c);
    const { items, deliveryType } = await c.get("services").addresses.list(userId);
    return c.json({ items: items.map(toJson), deliveryType, limit: MAX_ADDRESSES }, 200);
  })
  .openapi(createAddress, async (c) => {
    const { userId } = requireUser(c);
    const address = await c.get("services").addresses.create(userId, c.req.valid("json"));
    return c.json(toJson(address), 201);
  })
  .openapi(getSelectedAddress, async (c) => {
    const { userId } = requireUser(c);
    const { address, deliveryType } = await c.get("services").addresses.selected(userId);
    return c.json({ address: address ? toJson(address) : null, deliveryType }, 200);
  })
  // Before /{id}: "type" and "pickup-points" are not ids.
  .openapi(setDeliveryType, async (c) => {
    const { userId } = requireUser(c);
    const deliveryType = await c.get("services").addresses.setDeliveryType(userId, c.req.valid("json").type);
    return c.json({ deliveryType }, 200);
  })
  .openapi(listPickupPoints, async (c) => {
    requireUser(c);
    // The same pickup points (and repository) as /v1/deliveries/points.
    const items = await c.get("services").delivery.cityPoints(c.req.valid("query").cityId);
    return c.json({ items }, 200);
  })
  .openapi(updateAddress, async (c) => {
    const { userId } = requireUser(c);
    const address = await c
      .get("services")
      .addresses.update(userId, c.req.valid("param").id, c.req.valid("json"));
    return c.json(toJson(address), 200);
  })
  .openapi(deleteAddress, async (c) => {
    const { userId } = requireUser(c);
    await c.get("services").addresses.remove(userId, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(selectAddress, async (c) => {
    const { userId } = requireUser(c);
    const address = await c.get("services").addresses.select(userId, c.req.valid("param").id);
    return c.json(toJson(address), 200);
  });
