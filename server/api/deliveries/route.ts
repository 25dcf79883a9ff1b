import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import {
  deliveryMessages,
  pickupPointCardSchema,
  pickupPointFilterQuerySchema,
  pickupPointFiltersSchema,
  pickupPointListSchema,
  pickupPointsQuerySchema,
  sellerDeliveryListSchema,
  sellerDeliveryQuerySchema,
  slotListSchema,
  slotsQuerySchema,
  streetLinesSchema,
  streetsQuerySchema,
} from "#contract/delivery.ts";
import { idParam } from "#contract/id-param.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonOk,
  PERSONAL_SECURITY,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";
import { CITY_COOKIE, cityIdFromCookie } from "#server/http/city-cookie.ts";
import type { AppEnv } from "#server/http/env.ts";

const CITY_NOTE = "Без cityId — город посетителя (cookie city_id), по умолчанию Москва.";

const pointParamsSchema = z.object({
  id: idParam(deliveryMessages.pointId).openapi({
    param: { name: "id", in: "path" },
    description: "Номер пункта выдачи",
    type: "integer",
  }),
});

const listPoints = defineRoute({
  method: "get",
  path: "/points",
  operationId: "listPickupPoints",
  tags: ["deliveries"],
  rateLimit: "deliveries",
  summary: "Пункты выдачи и постаматы города",
  description: `Фильтры: provider (через запятую), kind (point | parcel_locker), fittingRoom, cardPayment (true | false), bbox (minLon,minLat,maxLon,maxLat — видимая область карты), sellerIds (через запятую: только сети, которыми возят все эти продавцы). По адресу. ${CITY_NOTE}`,
  cache: "city",
  request: { query: pickupPointsQuerySchema },
  responses: { ...jsonOk(pickupPointListSchema, "Пункты выдачи"), ...errorResponses(404, 429) },
});

const getPoint = defineRoute({
  method: "get",
  path: "/points/{id}",
  operationId: "getPickupPoint",
  tags: ["deliveries"],
  rateLimit: "deliveries",
  summary: "Карточка пункта выдачи: адрес, часы, открыт ли сейчас, срок хранения, как найти",
  description: "«Открыт сейчас» — по времени города пункта; ответ всякий раз сверяется с сервером (ETag)",
  cache: "city",
  request: { params: pointParamsSchema },
  responses: { ...jsonOk(pickupPointCardSchema, "Пункт выдачи"), ...errorResponses(404, 429) },
});

const sellerDelivery = defineRoute({
  method: "get",
  path: "/seller",
  operationId: "getSellerDelivery",
  tags: ["deliveries"],
  rateLimit: "deliveries",
  summary: "Доставка продавцов в город: дата, стоимость курьера, пункты выдачи",
  description: `sellerIds — продавцы через запятую; без них — продавцы выбранных товаров корзины. Дата — по складу и времени отсечки продавца (contract/delivery-dates.ts), validUntil — до какого момента она верна. ${CITY_NOTE}`,
  cache: "personal",
  // The basket is the signed-in user's or, before sign-in, the visitor's.
  security: [...SIGNED_IN_SECURITY, ...PERSONAL_SECURITY],
  request: { query: sellerDeliveryQuerySchema },
  responses: { ...jsonOk(sellerDeliveryListSchema, "Доставка по продавцам"), ...errorResponses(404, 429) },
});

const pointFilters = defineRoute({
  method: "get",
  path: "/seller/points/filter",
  operationId: "getPickupPointFilters",
  tags: ["deliveries"],
  rateLimit: "deliveries",
  summary: "Варианты фильтра пунктов выдачи в городе: службы, типы, примерочная, оплата картой",
  description: `С числом пунктов у каждого варианта; sellerIds — только сети, которыми возят все эти продавцы. ${CITY_NOTE}`,
  cache: "city",
  request: { query: pickupPointFilterQuerySchema },
  responses: { ...jsonOk(pickupPointFiltersSchema, "Варианты фильтра"), ...errorResponses(404, 429) },
});

const listSlots = defineRoute({
  method: "get",
  path: "/slots",
  operationId: "listDeliverySlots",
  tags: ["deliveries"],
  rateLimit: "deliveries",
  summary: "Интервалы курьерской доставки со свободными местами",
  description: `7 дней с первого доступного: не раньше завтрашнего дня города и не раньше самой поздней даты доставки продавцов sellerIds; date — только этот день. Окна 09–12, 12–15, 15–18, 18–21 по времени города. ${CITY_NOTE}`,
  cache: "city",
  request: { query: slotsQuerySchema },
  responses: { ...jsonOk(slotListSchema, "Дни и окна"), ...errorResponses(404, 429) },
});

const listStreets = defineRoute({
  method: "get",
  path: "/streets",
  operationId: "listCityStreets",
  tags: ["deliveries"],
  rateLimit: "deliveries",
  summary: "Улицы города линиями — подложка карты без тайлов",
  description: "Сгенерированные улицы города (те же, что в подсказках адресов и адресах пунктов выдачи)",
  cache: "shared",
  freshness: "reference",
  request: { query: streetsQuerySchema },
  responses: { ...jsonOk(streetLinesSchema, "Улицы"), ...errorResponses(404, 429) },
});

function cookieCity(c: Context<AppEnv>) {
  return { cookieCityId: cityIdFromCookie(getCookie(c, CITY_COOKIE)) };
}

/** The spec's `/v1/deliveries/…` (ADR 036). */
export const deliveriesRoute = createRouter()
  .openapi(listPoints, async (c) =>
    c.json(await c.get("services").delivery.points(c.req.valid("query"), cookieCity(c)), 200),
  )
  .openapi(getPoint, async (c) =>
    c.json(await c.get("services").delivery.point(c.req.valid("param").id), 200),
  )
  .openapi(sellerDelivery, async (c) =>
    c.json(
      await c.get("services").delivery.sellers(c.req.valid("query"), cookieCity(c), c.get("actor")),
      200,
    ),
  )
  .openapi(pointFilters, async (c) =>
    c.json(await c.get("services").delivery.pointFilters(c.req.valid("query"), cookieCity(c)), 200),
  )
  .openapi(listStreets, async (c) =>
    c.json(await c.get("services").delivery.streets(c.req.valid("query").cityId), 200),
  )
  .openapi(listSlots, async (c) =>
    c.json(await c.get("services").delivery.slots(c.req.valid("query"), cookieCity(c), c.get("actor")), 200),
  );
