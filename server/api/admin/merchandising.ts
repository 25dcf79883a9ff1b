import type { Context } from "hono";
import {
  adminBannerListSchema,
  adminBannerSchema,
  adminProductListSchema,
  adminProductQuerySchema,
  bannerInputSchema,
  bannerOrderSchema,
  bannerParamsSchema,
  productPhotosParamsSchema,
  productPhotosSchema,
  replacePhotosSchema,
} from "#contract/merchandising.ts";
import { requireRole, staffOnly } from "#server/api/actor.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonBody,
  jsonOk,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";
import type { AuditActor } from "#server/domain/audit/repository.ts";
import { clientAddress } from "#server/http/client-address.ts";
import type { AppEnv } from "#server/http/env.ts";

// What the shop shows to sell, managed by operators (issue 22, points 1 and 6; ADR 067): a product's
// photos under /api/v1/admin/products, the home page's banners under /api/v1/admin/banners.

const staff = { cache: "personal" as const, security: SIGNED_IN_SECURITY, tags: ["admin"] as [string] };

// biome-ignore lint/suspicious/noExplicitAny: any route's context, whatever its path and input.
function actorOf(c: Context<AppEnv, any, any>): AuditActor {
  const user = requireRole(c, "operator");
  return { userId: user.userId, label: `user:${user.userId}`, address: clientAddress(c) ?? null };
}

const findProducts = defineRoute({
  ...staff,
  method: "get",
  path: "/",
  operationId: "adminFindProducts",
  summary: "Найти товар по номеру, артикулу или названию — для его фото",
  description: "До 20 товаров; совпавший номер или артикул первым.",
  request: { query: adminProductQuerySchema },
  responses: { ...jsonOk(adminProductListSchema, "Товары"), ...errorResponses(401, 403) },
});

const getPhotos = defineRoute({
  ...staff,
  method: "get",
  path: "/{productId}/photos",
  operationId: "adminProductPhotos",
  summary: "Фото товара по порядку: первое — главное",
  request: { params: productPhotosParamsSchema },
  responses: { ...jsonOk(productPhotosSchema, "Фото товара"), ...errorResponses(401, 403, 404) },
});

const putPhotos = defineRoute({
  ...staff,
  method: "put",
  path: "/{productId}/photos",
  operationId: "adminReplaceProductPhotos",
  summary: "Задать фото товара и их порядок",
  description:
    "imageIds — от 1 до 10 картинок из POST /api/v1/admin/images по порядку, первая — главная. Набор заменяется целиком в одной транзакции (подписи «<название>, фото N»), страницы товара и списки обновляются. 404 product_not_found, 404 image_not_found — такой картинки нет. Запись в журнале действий (product.photos).",
  statementTimeout: "write",
  request: { params: productPhotosParamsSchema, body: jsonBody(replacePhotosSchema) },
  responses: { ...jsonOk(productPhotosSchema, "Фото товара после замены"), ...errorResponses(401, 403, 404) },
});

const listBanners = defineRoute({
  ...staff,
  method: "get",
  path: "/",
  operationId: "adminListBanners",
  summary: "Баннеры главной по порядку, с отметкой «показывается сейчас»",
  responses: { ...jsonOk(adminBannerListSchema, "Баннеры"), ...errorResponses(401, 403) },
});

const bannerRules =
  "Заголовок до 120 символов, подзаголовок до 200, ссылка — страница магазина (начинается с /), картинка — id из POST /api/v1/admin/images (404 image_not_found), тема alfa, halva или null (обе), даты показа (окончание позже начала; без дат — всегда), isActive — показывать ли.";

const createBanner = defineRoute({
  ...staff,
  method: "post",
  path: "/",
  operationId: "adminCreateBanner",
  summary: "Добавить баннер (последним)",
  description: `${bannerRules} Запись в журнале действий (banner.create).`,
  statementTimeout: "write",
  request: { body: jsonBody(bannerInputSchema) },
  responses: { ...jsonOk(adminBannerSchema, "Баннер"), ...errorResponses(401, 403, 404) },
});

const updateBanner = defineRoute({
  ...staff,
  method: "put",
  path: "/{id}",
  operationId: "adminUpdateBanner",
  summary: "Изменить баннер, включить или выключить его",
  description: `${bannerRules} 404 banner_not_found. Запись в журнале действий (banner.update).`,
  statementTimeout: "write",
  request: { params: bannerParamsSchema, body: jsonBody(bannerInputSchema) },
  responses: { ...jsonOk(adminBannerSchema, "Баннер после изменения"), ...errorResponses(401, 403, 404) },
});

const deleteBanner = defineRoute({
  ...staff,
  method: "delete",
  path: "/{id}",
  operationId: "adminDeleteBanner",
  summary: "Удалить баннер",
  description: "404 banner_not_found. Запись в журнале действий (banner.delete).",
  statementTimeout: "write",
  request: { params: bannerParamsSchema },
  responses: { 204: { description: "Баннер удалён" }, ...errorResponses(401, 403, 404) },
});

const orderBanners = defineRoute({
  ...staff,
  method: "put",
  path: "/order",
  operationId: "adminOrderBanners",
  summary: "Порядок баннеров на главной",
  description:
    "ids — номера всех баннеров в новом порядке. 409 banners_changed — список изменился (баннер добавлен или удалён). Запись в журнале действий (banner.order).",
  statementTimeout: "write",
  request: { body: jsonBody(bannerOrderSchema) },
  responses: { ...jsonOk(adminBannerListSchema, "Баннеры по порядку"), ...errorResponses(401, 403, 409) },
});

const products = createRouter();
products.use("*", staffOnly());

export const adminProductsRoute = products
  .openapi(findProducts, async (c) => {
    requireRole(c, "operator");
    return c.json({ items: await c.get("services").productPhotos.find(c.req.valid("query").q) }, 200);
  })
  .openapi(getPhotos, async (c) => {
    requireRole(c, "operator");
    return c.json(await c.get("services").productPhotos.list(c.req.valid("param").productId), 200);
  })
  .openapi(putPhotos, async (c) => {
    const actor = actorOf(c);
    const { productId } = c.req.valid("param");
    const { imageIds } = c.req.valid("json");
    return c.json(await c.get("services").productPhotos.replace(actor, productId, imageIds), 200);
  });

const bannersRouter = createRouter();
bannersRouter.use("*", staffOnly());

export const adminBannersRoute = bannersRouter
  .openapi(listBanners, async (c) => {
    requireRole(c, "operator");
    return c.json({ items: await c.get("services").banners.list() }, 200);
  })
  .openapi(createBanner, async (c) => {
    const actor = actorOf(c);
    return c.json(await c.get("services").banners.create(actor, c.req.valid("json")), 200);
  })
  .openapi(orderBanners, async (c) => {
    const actor = actorOf(c);
    return c.json({ items: await c.get("services").banners.order(actor, c.req.valid("json").ids) }, 200);
  })
  .openapi(updateBanner, async (c) => {
    const actor = actorOf(c);
    const { id } = c.req.valid("param");
    return c.json(await c.get("services").banners.update(actor, id, c.req.valid("json")), 200);
  })
  .openapi(deleteBanner, async (c) => {
    const actor = actorOf(c);
    await c.get("services").banners.remove(actor, c.req.valid("param").id);
    return c.body(null, 204);
  });
