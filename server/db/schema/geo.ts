import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { ScheduleException, WeeklySchedule } from "#contract/delivery.ts";

export const cities = pgTable(
  "cities",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    region: text("region").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    /** IANA zone, e.g. Asia/Yekaterinburg: delivery dates are shown in the city's own time. */
    timezone: text("timezone").notNull(),
    population: integer("population").notNull(),
    /** The courier zone: a circle of this radius around the centre (ADR 035). */
    deliveryRadiusKm: real("delivery_radius_km").notNull().default(15),
  },
  (t) => [
    uniqueIndex("cities_name_region_uq").on(t.name, t.region),
    check("cities_delivery_radius_positive", sql`${t.deliveryRadiusKm} > 0`),
  ],
);

/**
 * A city's streets (ADR 035): generated for every seeded city as straight lines around its real centre,
 * the stand-in behind the address suggestions, the pickup points' addresses and the fallback map.
 * `type` and `name` are DaData's (`ул`, `Ленина`); `search` is the name as suggestions compare it.
 */
export const streets = pgTable(
  "streets",
  {
    id: serial("id").primaryKey(),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    /** DaData's short type: ул, пр-кт, б-р, ш, пер, наб. */
    type: text("type").notNull(),
    typeFull: text("type_full").notNull(),
    name: text("name").notNull(),
    /** «ул Ленина», «Комсомольский пр-кт». */
    withType: text("with_type").notNull(),
    /** Lower case, ё as е: «ленина». */
    search: text("search").notNull(),
    postalCode: text("postal_code").notNull(),
    startLatitude: doublePrecision("start_latitude").notNull(),
    startLongitude: doublePrecision("start_longitude").notNull(),
    endLatitude: doublePrecision("end_latitude").notNull(),
    endLongitude: doublePrecision("end_longitude").notNull(),
  },
  (t) => [uniqueIndex("streets_city_name_uq").on(t.cityId, t.withType)],
);

/** The houses along a street: number (and corps), with coordinates on the street's line. */
export const houses = pgTable(
  "houses",
  {
    id: serial("id").primaryKey(),
    streetId: integer("street_id")
      .notNull()
      .references(() => streets.id, { onDelete: "cascade" }),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    /** «12», «12А». */
    number: text("number").notNull(),
    /** Corps («к 2»), or null. */
    block: text("block"),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
  },
  (t) => [
    uniqueIndex("houses_street_number_uq").on(t.streetId, t.number, t.block),
    // Reverse geocoding: the houses within a latitude band, then the nearest.
    index("houses_position_idx").on(t.latitude, t.longitude),
    index("houses_city_idx").on(t.cityId),
  ],
);

export const pickupPoints = pgTable(
  "pickup_points",
  {
    id: serial("id").primaryKey(),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    /** Human-readable opening hours, e.g. "Пн–Вс 10:00–21:00" (the summary of `schedule`). */
    hours: text("hours").notNull(),
    kind: text("kind", { enum: ["point", "parcel_locker"] })
      .notNull()
      .default("point"),
    /** Monday to Sunday: { opens, closes } in the city's local time, or null when closed. */
    schedule: jsonb("schedule")
      .$type<WeeklySchedule>()
      .notNull()
      .default(
        sql`'[{"opens":"10:00","closes":"21:00"},{"opens":"10:00","closes":"21:00"},{"opens":"10:00","closes":"21:00"},{"opens":"10:00","closes":"21:00"},{"opens":"10:00","closes":"21:00"},{"opens":"10:00","closes":"21:00"},{"opens":"10:00","closes":"21:00"}]'::jsonb`,
      ),
    /** Days that differ from the week (holidays). */
    scheduleExceptions: jsonb("schedule_exceptions").$type<ScheduleException[]>().notNull().default([]),
    storageDays: smallint("storage_days").notNull().default(7),
    fittingRoom: boolean("fitting_room").notNull().default(false),
    cardPayment: boolean("card_payment").notNull().default(true),
    cashPayment: boolean("cash_payment").notNull().default(true),
    weightLimitKg: real("weight_limit_kg").notNull().default(15),
    howToFind: text("how_to_find").notNull().default(""),
    /** The house of the street table the address names. */
    houseId: integer("house_id").references(() => houses.id, { onDelete: "set null" }),
  },
  (t) => [
    index("pickup_points_city_idx").on(t.cityId),
    check("pickup_points_kind", sql`${t.kind} IN ('point', 'parcel_locker')`),
    check("pickup_points_storage_days", sql`${t.storageDays} BETWEEN 1 AND 60`),
  ],
);
