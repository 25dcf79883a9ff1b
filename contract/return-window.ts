import { addDays, localDateTime } from "./delivery-dates.ts";

/**
 * The return window of delivered goods (ADR 055): days after the day of delivery in which the shopper may
 * give goods of proper quality back for any reason. The refunds (issue 21) allow returns within it; the
 * cashback an order earns stays pending until it has closed, so a returned purchase earns nothing.
 * Pure: the storefront shows the same dates the server keeps.
 */
export const RETURN_WINDOW_DAYS = 14;

/** The shop's calendar: Moscow (UTC+3 all year since 2014). */
const SHOP_TIMEZONE = "Europe/Moscow";

/**
 * The last day (YYYY-MM-DD, Moscow) a parcel delivered at `deliveredAt` may be returned: a period in days
 * starts on the day after the event that begins it (Гражданский кодекс, ст. 191), so a parcel received on
 * 1 December may go back until 15 December inclusive.
 */
export function returnWindowLastDay(deliveredAt: Date): string {
  return addDays(localDateTime(deliveredAt, SHOP_TIMEZONE).date, RETURN_WINDOW_DAYS);
}

/** When the order's cashback becomes spendable: 00:00 in Moscow of the day after the window's last day. */
export function cashbackAvailableAt(deliveredAt: Date): Date {
  return new Date(`${addDays(returnWindowLastDay(deliveredAt), 1)}T00:00:00+03:00`);
}
