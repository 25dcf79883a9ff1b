import { z } from "zod";

/** The visitor's chosen city: an id, HttpOnly, for a year. */
export const CITY_COOKIE = "city_id";
export const CITY_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const cityIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: "Идентификатор города должен быть числом" })
    .int({ error: "Идентификатор города должен быть целым числом" })
    .positive({ error: "Идентификатор города должен быть положительным" })
    .max(2_147_483_647, { error: "Идентификатор города слишком большой" }),
});

/** The city id from the cookie, or undefined for anything but a plain positive integer. */
export function cityIdFromCookie(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return undefined;
  const parsed = cityIdParamsSchema.safeParse({ id: value });
  return parsed.success ? parsed.data.id : undefined;
}
