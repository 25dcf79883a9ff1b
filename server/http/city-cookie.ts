import { canonicalId } from "#contract/numeric-id.ts";

/**
 * The visitor's chosen city: an id, HttpOnly, for a year. An HTTP matter shared by the API (which sets and
 * reads it) and the page cache (which keys city pages by it), so it lives here, below both.
 */
export const CITY_COOKIE = "city_id";
export const CITY_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The city id from the cookie, or undefined for anything but a canonical positive integer. */
export function cityIdFromCookie(value: string | undefined): number | undefined {
  return value === undefined ? undefined : canonicalId(value);
}
