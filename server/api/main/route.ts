import { homeSchema } from "#contract/merchandising.ts";
import { guidResponseSchema } from "#contract/reference.ts";
import { createRouter, defineRoute, errorResponses, jsonOk } from "#server/api/define-route.ts";

const getDictionary = defineRoute({
  method: "get",
  path: "/guid",
  operationId: "getDictionary",
  tags: ["reference"],
  summary: "Справочники витрины",
  description: "Типы доставки, статусы заказов и возвратов, причины возврата, темы обращений",
  cache: "shared",
  responses: { ...jsonOk(guidResponseSchema, "Справочники"), ...errorResponses() },
});

const getHome = defineRoute({
  method: "get",
  path: "/home",
  operationId: "getHome",
  tags: ["catalog"],
  summary: "Главная: баннеры и разделы каталога с картинками",
  description:
    "Баннеры темы витрины, которые показываются сейчас (включены, в своих датах), по порядку операторов — не больше 8; у первого размытая заглушка (data URL). Разделы каталога по порядку, у каждого — главное фото самого популярного товара в наличии (или null).",
  cache: "shared",
  responses: { ...jsonOk(homeSchema, "Данные главной"), ...errorResponses() },
});

export const mainRoute = createRouter()
  .openapi(getDictionary, async (c) => c.json(await c.get("services").reference.dictionary(), 200))
  .openapi(getHome, async (c) => c.json(await c.get("services").home.home(c.get("config").theme), 200));
