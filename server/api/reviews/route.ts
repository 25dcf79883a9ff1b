import {
  createdReviewSchema,
  createReviewSchema,
  helpfulResultSchema,
  hideReviewSchema,
  myReviewsQuerySchema,
  myReviewsSchema,
  reviewParamsSchema,
  staffReviewPageSchema,
  staffReviewQuerySchema,
  staffReviewSchema,
} from "#contract/reviews.ts";
import { REVIEWS_PER_DAY } from "#contract/review-rules.ts";
import { requireRole, requireUser, staffOnly } from "#server/api/actor.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonBody,
  jsonOk,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";
import { productIdParamsSchema } from "#server/api/products/schemas.ts";
import { clientAddress } from "#server/http/client-address.ts";

// Reviews from buyers (issue 21, point 4; ADR 060): writing one under /api/v1/products/{id}/reviews (the
// list there is the catalogue's), the shopper's state and «Полезно» under /api/v1/reviews, the operators'
// list and hiding under /api/v1/admin/reviews (behind staffOnly, every action in the audit log).

const personal = { cache: "personal" as const, security: SIGNED_IN_SECURITY, tags: ["reviews"] as [string] };

const createReview = defineRoute({
  ...personal,
  method: "post",
  path: "/{id}/reviews",
  operationId: "createProductReview",
  summary: "Оставить отзыв о полученном товаре: оценка, достоинства, недостатки, комментарий, до 5 фото",
  description: `Отзыв может оставить покупатель, которому доставили отправление с этим товаром; один отзыв на товар. Не получал — 403 review_not_buyer; второй отзыв — 409 review_exists; больше ${REVIEWS_PER_DAY} отзывов за сутки — 429 reviews_limit. photoIds — фото, загруженные с purpose=review (POST /api/v1/uploads); чужое, уже прикреплённое или неизвестное фото — 404 upload_not_found, отзыв не сохраняется. Отзыв сразу публикуется с отметкой «Покупатель Витрины»; рейтинг и число отзывов товара пересчитываются, страницы товара в кеше сбрасываются.`,
  statementTimeout: "write",
  request: { params: productIdParamsSchema, body: jsonBody(createReviewSchema) },
  responses: {
    ...jsonOk(createdReviewSchema, "Опубликованный отзыв"),
    ...errorResponses(401, 403, 404, 409, 429),
  },
});

export const productReviewWriteRoute = createRouter().openapi(createReview, async (c) => {
  const { userId } = requireUser(c);
  const { id } = c.req.valid("param");
  return c.json(await c.get("services").reviews.create(userId, id, c.req.valid("json")), 200);
});

const myReviews = defineRoute({
  ...personal,
  method: "get",
  path: "/mine",
  operationId: "getMyReviews",
  summary: "Можно ли оставить отзыв: по каждому из товаров — can_review, reviewed или hidden",
  description:
    "Для страницы товара и покупок после загрузки (сами страницы одинаковы для всех и кешируются). Товары, которые покупатель не получал и о которых не писал, в ответ не попадают. helpful — отзывы этих товаров, отмеченные покупателем «Полезно».",
  request: { query: myReviewsQuerySchema },
  responses: { ...jsonOk(myReviewsSchema, "Отзывы покупателя"), ...errorResponses(401) },
});

const helpful = defineRoute({
  ...personal,
  method: "post",
  path: "/{id}/helpful",
  operationId: "markReviewHelpful",
  summary: "«Полезно»: один голос покупателя за отзыв",
  description:
    "Повторный голос ничего не меняет (counted=false). Свой отзыв — 409 review_own; скрытый или несуществующий — 404 review_not_found.",
  statementTimeout: "write",
  request: { params: reviewParamsSchema },
  responses: { ...jsonOk(helpfulResultSchema, "Голос учтён"), ...errorResponses(401, 404, 409) },
});

export const reviewsRoute = createRouter()
  .openapi(myReviews, async (c) => {
    const { userId } = requireUser(c);
    return c.json(await c.get("services").reviews.mine(userId, c.req.valid("query").ids), 200);
  })
  .openapi(helpful, async (c) => {
    const { userId } = requireUser(c);
    return c.json(await c.get("services").reviews.vote(userId, c.req.valid("param").id), 200);
  });

const staff = { cache: "personal" as const, security: SIGNED_IN_SECURITY, tags: ["admin"] as [string] };

const queue = defineRoute({
  ...staff,
  method: "get",
  path: "/",
  operationId: "adminReviews",
  summary: "Отзывы для модерации: новые первыми, фильтр по статусу, страницы по курсору",
  description: "status=all (по умолчанию), published или hidden.",
  request: { query: staffReviewQuerySchema },
  responses: { ...jsonOk(staffReviewPageSchema, "Отзывы"), ...errorResponses(401, 403) },
});

const hide = defineRoute({
  ...staff,
  method: "post",
  path: "/{id}/hide",
  operationId: "adminHideReview",
  summary: "Скрыть отзыв с причиной: он уходит со страницы товара, из рейтинга и счётчика",
  description:
    "Фото отзыва перестают быть видны всем. Уже скрытый — 409 review_state. Запись в журнале действий (review.hide).",
  statementTimeout: "write",
  request: { params: reviewParamsSchema, body: jsonBody(hideReviewSchema) },
  responses: { ...jsonOk(staffReviewSchema, "Скрытый отзыв"), ...errorResponses(401, 403, 404, 409) },
});

const show = defineRoute({
  ...staff,
  method: "post",
  path: "/{id}/show",
  operationId: "adminShowReview",
  summary: "Вернуть скрытый отзыв на страницу товара",
  description: "Опубликованный — 409 review_state. Запись в журнале действий (review.show).",
  statementTimeout: "write",
  request: { params: reviewParamsSchema },
  responses: { ...jsonOk(staffReviewSchema, "Опубликованный отзыв"), ...errorResponses(401, 403, 404, 409) },
});

const staffRouter = createRouter();
staffRouter.use("*", staffOnly());

function actorOf(c: Parameters<typeof requireRole>[0]) {
  const user = requireRole(c, "operator");
  return { userId: user.userId, label: `user:${user.userId}`, address: clientAddress(c) ?? null };
}

export const adminReviewsRoute = staffRouter
  .openapi(queue, async (c) => {
    requireRole(c, "operator");
    return c.json(await c.get("services").reviews.queue(c.req.valid("query")), 200);
  })
  .openapi(hide, async (c) => {
    const actor = actorOf(c);
    const { id } = c.req.valid("param");
    return c.json(await c.get("services").reviews.hide(actor, id, c.req.valid("json").reason), 200);
  })
  .openapi(show, async (c) => {
    const actor = actorOf(c);
    return c.json(await c.get("services").reviews.show(actor, c.req.valid("param").id), 200);
  });
