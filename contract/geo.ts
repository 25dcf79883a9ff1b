import { z } from "zod";

export const citySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  region: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** IANA zone, e.g. Asia/Yekaterinburg: delivery dates are shown in the city's own time. */
  timezone: z.string(),
});
export type City = z.infer<typeof citySchema>;

export const cityListSchema = z.object({ items: z.array(citySchema) });
export type CityList = z.infer<typeof cityListSchema>;

export const currentCitySchema = z.object({
  city: citySchema,
  /** True once the visitor chose the city themselves; false while it is the default guess. */
  confirmed: z.boolean(),
});
export type CurrentCity = z.infer<typeof currentCitySchema>;

export const FIND_CITY_DEFAULT_LIMIT = 10;
export const FIND_CITY_MAX_LIMIT = 20;
export const FIND_CITY_MAX_QUERY_LENGTH = 100;

export const findCityQuerySchema = z.object({
  query: z
    .string({ error: "Введите название города" })
    .trim()
    .min(1, { error: "Введите название города" })
    .max(FIND_CITY_MAX_QUERY_LENGTH, {
      error: `Название города — не длиннее ${FIND_CITY_MAX_QUERY_LENGTH} символов`,
    }),
  limit: z.coerce
    .number({ error: "Количество подсказок должно быть числом" })
    .int({ error: "Количество подсказок должно быть целым числом" })
    .min(1, { error: "Количество подсказок — от 1 до 20" })
    .max(FIND_CITY_MAX_LIMIT, { error: "Количество подсказок — от 1 до 20" })
    .default(FIND_CITY_DEFAULT_LIMIT),
});
export type FindCityQuery = z.infer<typeof findCityQuerySchema>;
