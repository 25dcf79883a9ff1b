import { z } from "zod";
import { canonicalId } from "#contract/numeric-id.ts";
import { idParam } from "#contract/id-param.ts";

/** The visitor's chosen city: an id, HttpOnly, for a year. */
export const CITY_COOKIE = "city_id";
export const CITY_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const cityIdParamsSchema = z.object({
  id: idParam("Идентификатор города должен быть целым положительным числом"),
});

/** The city id from the cookie, or undefined for anything but a canonical positive integer. */
export function cityIdFromCookie(value: string | undefined): number | undefined {
  return value === undefined ? undefined : canonicalId(value);
}
