import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "hono";
import { SESSION_COOKIE_SCHEME, VISITOR_COOKIE_SCHEME } from "#server/api/define-route.ts";
import { SECURE_SESSION_COOKIE } from "#server/api/session-cookie.ts";
import { VISITOR_COOKIE } from "#server/api/visitor.ts";

/** Where the API is mounted: route definitions are relative to it, the document's paths are not. */
const API_PREFIX = "/api";

const TAGS = [
  { name: "config", description: "Тема витрины и включённые функции" },
  { name: "reference", description: "Справочники и настройки витрины" },
  { name: "catalog", description: "Каталог: товары, категории, бренды, продавцы, отзывы, просмотренное" },
  { name: "search", description: "Поиск товаров, подсказки и история поиска посетителя" },
  { name: "geo", description: "Города доставки и город посетителя" },
  { name: "content", description: "Контентные страницы" },
  { name: "routing", description: "Редиректы путей витрины" },
  { name: "seo", description: "SEO-данные страниц" },
  { name: "auth", description: "Вход и выход" },
  { name: "user", description: "Покупатель: профиль и импорт данных из банка (требует входа)" },
  { name: "questions", description: "Вопросы о товаре и ответы продавца или Витрины" },
  {
    name: "stock-alerts",
    description: "«Сообщить о поступлении»: SMS, когда товар снова в продаже (требует входа)",
  },
  {
    name: "admin",
    description: "Бэк-офис: только операторы и администраторы (иначе 401 или 403), действия — в журнале",
  },
];

/**
 * The OpenAPI 3.1 document generated from the route definitions themselves (define-route.ts), so the
 * description and the handlers cannot drift apart.
 */
export function buildOpenApiDocument<E extends Env>(routes: OpenAPIHono<E>) {
  routes.openAPIRegistry.registerComponent("securitySchemes", VISITOR_COOKIE_SCHEME, {
    type: "apiKey",
    in: "cookie",
    name: VISITOR_COOKIE,
    description:
      "Анонимный посетитель: HttpOnly-cookie, которую API выдаёт при первой записи (просмотренное, " +
      "история поиска). Сессия покупателя появится вместе со входом.",
  });
  routes.openAPIRegistry.registerComponent("securitySchemes", SESSION_COOKIE_SCHEME, {
    type: "apiKey",
    in: "cookie",
    name: SECURE_SESSION_COOKIE,
    description:
      "Сессия вошедшего покупателя: HttpOnly-cookie `__Host-sid` (на http://localhost — `sid`), " +
      "выдаётся при входе, отзывается при выходе.",
  });
  const document = routes.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Vitrina API",
      version: "1.0.0",
      description: "API витрины партнёрского маркетплейса банка",
      contact: { name: "Команда Витрины", url: "https://github.com/vitrina" },
      license: { name: "Proprietary", url: "https://github.com/vitrina/LICENSE" },
    },
    servers: [{ url: "/", description: "Тот же источник, что и витрина" }],
    tags: TAGS,
  });
  const paths: typeof document.paths = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    // Sub-routers define their root as "/": "/v1/products/" is documented (and routed) as "/v1/products".
    const bare = path.length > 1 ? path.replace(/\/$/, "") : path;
    paths[`${API_PREFIX}${bare === "/" ? "" : bare}`] = item;
  }
  return { ...document, paths };
}
