import { doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";

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
  },
  (t) => [uniqueIndex("cities_name_region_uq").on(t.name, t.region)],
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
    /** Human-readable opening hours, e.g. "Пн–Вс 10:00–21:00". */
    hours: text("hours").notNull(),
  },
  (t) => [index("pickup_points_city_idx").on(t.cityId)],
);
