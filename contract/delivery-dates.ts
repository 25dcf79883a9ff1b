/**
 * When a seller can deliver to a city (commerce.md, Delivery: "each seller ships from a warehouse city;
 * the delivery date to the shopper's city follows from distance and cut-off time"). One rule for the
 * product card, the product page, the basket, the delivery step and the order, so they never disagree.
 * Pure: no zod, no I/O, safe for the first-load bundle.
 */

export interface DeliveryPlace {
  latitude: number;
  longitude: number;
  /** IANA zone of the city. */
  timezone: string;
}

export interface SellerDispatch {
  warehouse: DeliveryPlace;
  /** Orders placed before this hour of the warehouse's local time leave the same day. */
  cutoffHour: number;
}

/** Kilometres along the earth's surface (haversine). */
export function distanceKm(a: DeliveryPlace, b: DeliveryPlace): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Days on the road after the parcel leaves the warehouse. Within a city (or a short hop) it arrives the
 * next day; the steps follow the trunk routes of a large marketplace: a day per ~1,000 km by road, with
 * the far east by air.
 */
export function transitDays(km: number): number {
  if (km < 300) return 1;
  if (km < 1_000) return 2;
  if (km < 2_500) return 3;
  if (km < 5_000) return 5;
  return 7;
}

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs tens of microseconds, and a listing
 * of 24 cards asks for a few zones hundreds of times per render.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone: timezone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
    });
    // A zone name comes from our own city table: a few dozen at most.
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/**
 * Each time zone's last answer, by the minute it was for: a basket's or a product's delivery dates ask for
 * the same instant (the request's "now") once per seller, and `formatToParts` is the costly part. Every
 * zone's offset is a whole number of minutes, so one minute has one answer.
 */
const lastAnswers = new Map<string, { minute: number; date: string; hour: number }>();

/** The calendar date (YYYY-MM-DD) and hour of an instant in a time zone. */
export function localDateTime(at: Date, timezone: string): { date: string; hour: number } {
  const minute = Math.floor(at.getTime() / 60_000);
  const last = lastAnswers.get(timezone);
  if (last?.minute === minute) return { date: last.date, hour: last.hour };
  const parts = formatterFor(timezone).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  const answer = { date: `${get("year")}-${get("month")}-${get("day")}`, hour: Number(get("hour")) };
  lastAnswers.set(timezone, { minute, ...answer });
  return answer;
}

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The date (YYYY-MM-DD, in the destination's calendar) a seller can deliver an order placed `now`: it
 * leaves the warehouse today if placed before the cut-off (warehouse time), else tomorrow, then travels
 * `transitDays`. Never earlier than tomorrow in the destination's calendar.
 */
export function deliveryDate(seller: SellerDispatch, destination: DeliveryPlace, now: Date): string {
  const atWarehouse = localDateTime(now, seller.warehouse.timezone);
  const leaves = atWarehouse.hour < seller.cutoffHour ? atWarehouse.date : addDays(atWarehouse.date, 1);
  const arrives = addDays(leaves, transitDays(distanceKm(seller.warehouse, destination)));
  const tomorrow = addDays(localDateTime(now, destination.timezone).date, 1);
  // ISO dates order as strings: the later of the two.
  return [arrives, tomorrow].sort()[1]!;
}

/**
 * The next instant at which `deliveryDate` may give another answer for this seller and destination: the
 * warehouse's cut-off or midnight, or the destination's midnight, whichever comes first. A page that shows
 * the date may be kept until then.
 */
export function deliveryDateValidUntil(seller: SellerDispatch, destination: DeliveryPlace, now: Date): Date {
  const at = deliveryDate(seller, destination, now);
  // The answer is a step function of time with steps on whole hours: find the next hour it changes.
  const hour = 3_600_000;
  let t = Math.floor(now.getTime() / hour) * hour + hour;
  for (let i = 0; i < 48; i += 1, t += hour) {
    if (deliveryDate(seller, destination, new Date(t)) !== at) return new Date(t);
  }
  return new Date(t);
}

const MONTHS_GENITIVE = [
  "января",
  "февраля",
  "марта",
  "апреля",
  "мая",
  "июня",
  "июля",
  "августа",
  "сентября",
  "октября",
  "ноября",
  "декабря",
];

/** "завтра", "послезавтра" or "28 ноября", counted from `today` (YYYY-MM-DD, the destination's calendar). */
export function deliveryDayWords(date: string, today: string): string {
  const days = daysBetween(today, date);
  if (days === 0) return "сегодня";
  if (days === 1) return "завтра";
  if (days === 2) return "послезавтра";
  const [, month, day] = date.split("-").map(Number);
  return `${day} ${MONTHS_GENITIVE[(month ?? 1) - 1]}`;
}

/** The shop window's line: "Доставим завтра", "Доставим послезавтра", "Доставим 28 ноября". */
export function deliveryPromise(date: string, today: string): string {
  return `Доставим ${deliveryDayWords(date, today)}`;
}
