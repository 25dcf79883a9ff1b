import { z } from "zod";
import { idParam } from "./id-param.ts";
import { PICKUP_POINT_KINDS } from "./delivery-rules.ts";
import { MAX_ID } from "./numeric-id.ts";

// Pickup points, sellers' delivery to a city and courier slots (spec `/v1/deliveries/…`; ADR 035, 036).
// Money in kopecks; dates YYYY-MM-DD in the city's calendar; hours in the city's local time.
// Without `cityId` every endpoint answers for the shopper's current city (the `city_id` cookie).

export { PICKUP_POINT_KIND_LABELS, PICKUP_POINT_KINDS, type PickupPointKind } from "./delivery-rules.ts";

/** The providers the seed knows (a real network may add more; the filter lists what the city has). */
export const PICKUP_PROVIDERS = ["Витрина", "Boxberry", "СДЭК", "Почта России", "5Post"] as const;

/** Most sellers in one request: a basket has lines of at most this many sellers that matter. */
export const MAX_SELLERS_PER_REQUEST = 50;
/** Courier windows are offered for this many days from the earliest delivery date. */
export const SLOT_DAYS = 7;

export const deliveryMessages = {
  city: "Город указан неверно",
  provider: "Служба доставки указана неверно",
  kind: "Тип пункта: point или parcel_locker",
  flag: "Значение фильтра: true или false",
  bbox: "Область карты: minLon,minLat,maxLon,maxLat — четыре числа через запятую",
  sellerIds: `Продавцы: до ${MAX_SELLERS_PER_REQUEST} номеров через запятую`,
  pointId: "Номер пункта выдачи должен быть целым положительным числом",
  pointNotFound: "Пункт выдачи не найден",
  date: "Дата в формате ГГГГ-ММ-ДД",
} as const;

const cityId = idParam(deliveryMessages.city).optional();

/** "true"/"false" in a query; absent is "any". */
const flag = z
  .enum(["true", "false"], { error: deliveryMessages.flag })
  .transform((value) => value === "true")
  .optional();

/** A comma-separated list in one parameter (`provider=СДЭК,5Post`), or the parameter repeated. */
function commaList<T extends z.ZodType>(item: T, message: string, max: number) {
  return z.preprocess((value) => {
    if (value === undefined) return undefined;
    const raw = Array.isArray(value) ? value.join(",") : String(value);
    return raw
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
  }, z.array(item).max(max, { error: message }).optional());
}

const sellerIds = commaList(
  z.coerce.number({ error: deliveryMessages.sellerIds }).int().positive().max(MAX_ID),
  deliveryMessages.sellerIds,
  MAX_SELLERS_PER_REQUEST,
);

/** minLon,minLat,maxLon,maxLat (the map's visible area). */
const bbox = z
  .string({ error: deliveryMessages.bbox })
  .transform((value, ctx) => {
    const parts = value.split(",").map((part) => Number(part.trim()));
    const [minLon, minLat, maxLon, maxLat] = parts;
    if (
      parts.length !== 4 ||
      parts.some((n) => !Number.isFinite(n)) ||
      minLon === undefined ||
      minLat === undefined ||
      maxLon === undefined ||
      maxLat === undefined ||
      minLon > maxLon ||
      minLat > maxLat ||
      Math.abs(minLat) > 90 ||
      Math.abs(maxLat) > 90 ||
      Math.abs(minLon) > 180 ||
      Math.abs(maxLon) > 180
    ) {
      ctx.addIssue({ code: "custom", message: deliveryMessages.bbox });
      return z.NEVER;
    }
    return { minLon, minLat, maxLon, maxLat };
  })
  .optional();
export type Bbox = { minLon: number; minLat: number; maxLon: number; maxLat: number };

/** `GET /api/v1/deliveries/points` */
export const pickupPointsQuerySchema = z.object({
  cityId,
  /** Only these providers (`provider=СДЭК,5Post`). */
  provider: commaList(z.string().min(1).max(100), deliveryMessages.provider, 20),
  kind: z.enum(PICKUP_POINT_KINDS, { error: deliveryMessages.kind }).optional(),
  fittingRoom: flag,
  cardPayment: flag,
  bbox,
  /** Only points every one of these sellers can ship to (the basket's sellers). */
  sellerIds,
});
export type PickupPointsQuery = z.infer<typeof pickupPointsQuerySchema>;

/** `GET /api/v1/deliveries/seller/points/filter` */
export const pickupPointFilterQuerySchema = z.object({ cityId, sellerIds });
export type PickupPointFilterQuery = z.infer<typeof pickupPointFilterQuerySchema>;

export const pickupPointParamsSchema = z.object({ id: idParam(deliveryMessages.pointId) });

/** `GET /api/v1/deliveries/seller` */
export const sellerDeliveryQuerySchema = z.object({
  cityId,
  /** Without it: the sellers of the shopper's basket (its selected lines). */
  sellerIds,
});
export type SellerDeliveryQuery = z.infer<typeof sellerDeliveryQuerySchema>;

const isoDate = z
  .string({ error: deliveryMessages.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: deliveryMessages.date })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: deliveryMessages.date });

/** `GET /api/v1/deliveries/streets`: the city is required (the answer is the same for everyone). */
export const streetsQuerySchema = z.object({ cityId: idParam(deliveryMessages.city) });

/** The city's generated streets as lines, for the map drawn without tiles (ADR 035). */
export const streetLinesSchema = z.object({
  streets: z.array(
    z.object({
      /** «ул Ленина» */
      name: z.string(),
      /** [latitude, longitude] pairs along the street (Leaflet's order). */
      points: z.array(z.tuple([z.number(), z.number()])),
    }),
  ),
});
export type StreetLines = z.infer<typeof streetLinesSchema>;

/** `GET /api/v1/deliveries/slots` */
export const slotsQuerySchema = z.object({
  cityId,
  /** One day only; else SLOT_DAYS days from the earliest bookable date. */
  date: isoDate.optional(),
  /** Start from the latest delivery date of these sellers (when all the order's shipments can arrive). */
  sellerIds,
});
export type SlotsQuery = z.infer<typeof slotsQuerySchema>;

/** "HH:MM" in the city's local time; "24:00" closes at midnight. */
const clock = z.string().regex(/^\d{2}:\d{2}$/);
export const openingHoursSchema = z.object({ opens: clock, closes: clock });
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/**
 * The week from Monday (index 0) to Sunday (6): hours, or null when closed that day. Stored as is in
 * pickup_points.schedule.
 */
export const weeklyScheduleSchema = z.array(openingHoursSchema.nullable()).length(7);
export type WeeklySchedule = z.infer<typeof weeklyScheduleSchema>;

/** A day that differs from the week (a holiday): other hours, or closed (`hours: null`). */
export const scheduleExceptionSchema = z.object({ date: z.string(), hours: openingHoursSchema.nullable() });
export type ScheduleException = z.infer<typeof scheduleExceptionSchema>;

export const pickupPointSchema = z.object({
  id: z.number().int(),
  cityId: z.number().int(),
  provider: z.string(),
  kind: z.enum(PICKUP_POINT_KINDS),
  name: z.string(),
  /** «ул Ленина, д 12» — a house of the city's street table (the same the address suggestions give). */
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** «Пн–Вс 10:00–21:00» */
  hours: z.string(),
  fittingRoom: z.boolean(),
  cardPayment: z.boolean(),
  cashPayment: z.boolean(),
  storageDays: z.number().int(),
  /** Heaviest parcel the point takes, kg. */
  weightLimitKg: z.number(),
});
export type PickupPointSummary = z.infer<typeof pickupPointSchema>;

export const pickupPointListSchema = z.object({
  city: z.object({ id: z.number().int(), name: z.string(), latitude: z.number(), longitude: z.number() }),
  items: z.array(pickupPointSchema),
});
export type PickupPointList = z.infer<typeof pickupPointListSchema>;

export const pickupPointDaySchema = z.object({
  /** 0 Monday … 6 Sunday */
  weekday: z.number().int(),
  /** «Пн» */
  label: z.string(),
  hours: openingHoursSchema.nullable(),
});

export const pickupPointCardSchema = pickupPointSchema.extend({
  timezone: z.string(),
  schedule: z.array(pickupPointDaySchema),
  /** Exceptions from today on. */
  exceptions: z.array(scheduleExceptionSchema),
  /** Whether it is open at this moment, in the city's time. */
  openNow: z.boolean(),
  /** «Открыто до 21:00», «Закрыто, откроется завтра в 10:00», «Открыто круглосуточно». */
  openNowText: z.string(),
  /** How to find it: entrance, floor, landmark. */
  howToFind: z.string(),
});
export type PickupPointCard = z.infer<typeof pickupPointCardSchema>;

const filterOption = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export const pickupPointFiltersSchema = z.object({
  providers: z.array(filterOption),
  kinds: z.array(filterOption),
  /** Points with a fitting room / taking cards, among the city's (seller-filtered) points. */
  fittingRoom: z.object({ count: z.number().int() }),
  cardPayment: z.object({ count: z.number().int() }),
  total: z.number().int(),
});
export type PickupPointFilters = z.infer<typeof pickupPointFiltersSchema>;

export const sellerDeliverySchema = z.object({
  sellerId: z.number().int(),
  sellerName: z.string(),
  warehouseCity: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  cutoffHour: z.number().int(),
  /** YYYY-MM-DD in the destination's calendar (contract/delivery-dates.ts deliveryDate). */
  deliveryDate: z.string(),
  /** «Доставим завтра» */
  promise: z.string(),
  /** The answer holds until then (ISO instant): the cut-off or a midnight. */
  validUntil: z.string(),
  courier: z.object({
    available: z.boolean(),
    /** Kopecks, before the free-delivery threshold. */
    price: z.number().int(),
    /** The seller's goods from this sum on travel free (kopecks). */
    freeFrom: z.number().int(),
  }),
  pickup: z.object({
    available: z.boolean(),
    price: z.number().int(),
    /** Providers this seller ships with that have points in the city. */
    providers: z.array(z.string()),
    pointCount: z.number().int(),
  }),
});
export type SellerDelivery = z.infer<typeof sellerDeliverySchema>;

export const sellerDeliveryListSchema = z.object({
  city: z.object({ id: z.number().int(), name: z.string(), timezone: z.string() }),
  /** Today in the city's calendar. */
  today: z.string(),
  items: z.array(sellerDeliverySchema),
});
export type SellerDeliveryList = z.infer<typeof sellerDeliveryListSchema>;

export const slotSchema = z.object({
  date: z.string(),
  startsHour: z.number().int(),
  endsHour: z.number().int(),
  /** «09:00–12:00» */
  label: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  free: z.number().int(),
  available: z.boolean(),
});
export type Slot = z.infer<typeof slotSchema>;

export const slotDaySchema = z.object({
  date: z.string(),
  /** «завтра, 26 ноября», «чт, 27 ноября» */
  label: z.string(),
  slots: z.array(slotSchema),
});

export const slotListSchema = z.object({
  city: z.object({ id: z.number().int(), name: z.string(), timezone: z.string() }),
  /** The first bookable day (the latest delivery date of the given sellers, or tomorrow). */
  from: z.string(),
  days: z.array(slotDaySchema),
});
export type SlotList = z.infer<typeof slotListSchema>;
