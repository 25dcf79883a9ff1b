import { and, asc, between, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Bbox, PickupPointKind } from "#contract/delivery.ts";
import type { Database } from "#server/db/client.ts";
import {
  basketLines,
  baskets,
  cities,
  deliverySlots,
  houses,
  pickupPoints,
  products,
  sellers,
  streets,
} from "#server/db/schema/index.ts";
import type { RowOwner } from "#server/domain/actor.ts";
import type { CityRow, HouseRow, StreetRow } from "./address-rules.ts";

const cityColumns = {
  id: cities.id,
  name: cities.name,
  region: cities.region,
  latitude: cities.latitude,
  longitude: cities.longitude,
  timezone: cities.timezone,
  population: cities.population,
  deliveryRadiusKm: cities.deliveryRadiusKm,
};

const streetColumns = {
  id: streets.id,
  cityId: streets.cityId,
  type: streets.type,
  typeFull: streets.typeFull,
  name: streets.name,
  withType: streets.withType,
  postalCode: streets.postalCode,
  startLatitude: streets.startLatitude,
  startLongitude: streets.startLongitude,
  endLatitude: streets.endLatitude,
  endLongitude: streets.endLongitude,
};

const houseColumns = {
  id: houses.id,
  number: houses.number,
  block: houses.block,
  latitude: houses.latitude,
  longitude: houses.longitude,
};

/** A pickup point as lists show it: the one set of columns every reader of points uses. */
export const pickupPointColumns = {
  id: pickupPoints.id,
  cityId: pickupPoints.cityId,
  provider: pickupPoints.provider,
  kind: pickupPoints.kind,
  name: pickupPoints.name,
  address: pickupPoints.address,
  latitude: pickupPoints.latitude,
  longitude: pickupPoints.longitude,
  hours: pickupPoints.hours,
  fittingRoom: pickupPoints.fittingRoom,
  cardPayment: pickupPoints.cardPayment,
  cashPayment: pickupPoints.cashPayment,
  storageDays: pickupPoints.storageDays,
  weightLimitKg: pickupPoints.weightLimitKg,
};

/** The most points one list gives (the seed has at most 25 a city; a real network has thousands). */
export const MAX_POINTS_PER_LIST = 500;

export interface PointFilter {
  providers?: readonly string[];
  kind?: PickupPointKind;
  fittingRoom?: boolean;
  cardPayment?: boolean;
  bbox?: Bbox;
}

export type StreetMatch = StreetRow & { rank: number; score: number };

export function createDeliveryRepository(db: Database) {
  function pointConditions(cityId: number, filter: PointFilter): SQL[] {
    const where: SQL[] = [eq(pickupPoints.cityId, cityId)];
    if (filter.providers) {
      if (filter.providers.length === 0) where.push(sql`false`);
      else where.push(inArray(pickupPoints.provider, [...filter.providers]));
    }
    if (filter.kind) where.push(eq(pickupPoints.kind, filter.kind));
    if (filter.fittingRoom !== undefined) where.push(eq(pickupPoints.fittingRoom, filter.fittingRoom));
    if (filter.cardPayment !== undefined) where.push(eq(pickupPoints.cardPayment, filter.cardPayment));
    if (filter.bbox) {
      where.push(between(pickupPoints.latitude, filter.bbox.minLat, filter.bbox.maxLat));
      where.push(between(pickupPoints.longitude, filter.bbox.minLon, filter.bbox.maxLon));
    }
    return where;
  }

  return {
    async city(id: number): Promise<CityRow | undefined> {
      const [row] = await db.select(cityColumns).from(cities).where(eq(cities.id, id)).limit(1);
      return row;
    },

    /** The largest city of that name, else the largest city: the default city. */
    async cityByName(name: string): Promise<CityRow | undefined> {
      const [row] = await db
        .select(cityColumns)
        .from(cities)
        .orderBy(sql`${cities.name} = ${name} desc`, desc(cities.population), asc(cities.id))
        .limit(1);
      return row;
    },

    /**
     * Streets of a city for an already normalised query: names that start with it, then names with a
     * word that starts with it, then trigram matches of at least `minScore` (typos); `type` first within
     * each rank when the shopper named one. A city has at most a few dozen streets: no index needed.
     */
    async streetsMatching(
      cityId: number,
      query: string,
      options: { limit: number; minScore: number; type: string | null },
    ): Promise<StreetMatch[]> {
      const q = sql`${query}::text`;
      const wordPrefix = sql`strpos(' ' || ${streets.search}, ' ' || ${q}) > 0`;
      const score = sql<number>`greatest(similarity(${streets.search}, ${q}), word_similarity(${q}, ${streets.search}))`;
      const rank = sql<number>`CASE WHEN starts_with(${streets.search}, ${q}) THEN 0 WHEN ${wordPrefix} THEN 1 ELSE 2 END`;
      const rows = await db
        .select({ ...streetColumns, rank, score })
        .from(streets)
        .where(and(eq(streets.cityId, cityId), sql`(${wordPrefix} OR ${score} >= ${options.minScore}::real)`))
        .orderBy(
          asc(rank),
          desc(sql`${streets.type} = ${options.type ?? ""}`),
          desc(sql`CASE WHEN ${wordPrefix} THEN 0 ELSE ${score} END`),
          asc(streets.withType),
        )
        .limit(options.limit);
      return rows.map((r) => ({ ...r, rank: Number(r.rank), score: Number(r.score) }));
    },

    /** Houses of these streets whose number starts with `house` (case-insensitive), `block` if given. */
    async housesOf(
      streetIds: readonly number[],
      house: string,
      block: string | null,
      limit: number,
    ): Promise<(HouseRow & { streetId: number })[]> {
      if (streetIds.length === 0) return [];
      return db
        .select({ ...houseColumns, streetId: houses.streetId })
        .from(houses)
        .where(
          and(
            inArray(houses.streetId, [...streetIds]),
            sql`starts_with(lower(${houses.number}), ${house.toLowerCase()}::text)`,
            block === null ? undefined : eq(houses.block, block),
          ),
        )
        .orderBy(
          sql`array_position(${sql.param([...streetIds])}::int[], ${houses.streetId})`,
          sql`lower(${houses.number}) = ${house.toLowerCase()} desc`,
          sql`(substring(${houses.number} from '^[0-9]+'))::int`,
          asc(houses.number),
          sql`${houses.block} nulls first`,
        )
        .limit(limit);
    },

    /** Houses within a box around a point, with their street and city (reverse geocoding). */
    async housesWithin(
      box: { minLat: number; maxLat: number; minLon: number; maxLon: number },
      limit: number,
    ) {
      return db
        .select({ house: houseColumns, street: streetColumns, city: cityColumns })
        .from(houses)
        .innerJoin(streets, eq(streets.id, houses.streetId))
        .innerJoin(cities, eq(cities.id, houses.cityId))
        .where(
          and(
            between(houses.latitude, box.minLat, box.maxLat),
            between(houses.longitude, box.minLon, box.maxLon),
          ),
        )
        .limit(limit);
    },

    /** Streets whose line's box meets a box around a point, with their city. */
    async streetsWithin(box: { minLat: number; maxLat: number; minLon: number; maxLon: number }) {
      return db
        .select({ street: streetColumns, city: cityColumns })
        .from(streets)
        .innerJoin(cities, eq(cities.id, streets.cityId))
        .where(
          and(
            lte(sql`least(${streets.startLatitude}, ${streets.endLatitude})`, box.maxLat),
            gte(sql`greatest(${streets.startLatitude}, ${streets.endLatitude})`, box.minLat),
            lte(sql`least(${streets.startLongitude}, ${streets.endLongitude})`, box.maxLon),
            gte(sql`greatest(${streets.startLongitude}, ${streets.endLongitude})`, box.minLon),
          ),
        )
        .limit(200);
    },

    /** A city's streets of one type («пр-кт»), by name: what a shopper who typed only the type sees. */
    async streetsOfType(cityId: number, type: string, limit: number): Promise<StreetMatch[]> {
      const rows = await db
        .select(streetColumns)
        .from(streets)
        .where(and(eq(streets.cityId, cityId), eq(streets.type, type)))
        .orderBy(asc(streets.withType))
        .limit(limit);
      return rows.map((r) => ({ ...r, rank: 0, score: 1 }));
    },

    /** Every street of a city, by name. */
    cityStreets(cityId: number): Promise<StreetRow[]> {
      return db
        .select(streetColumns)
        .from(streets)
        .where(eq(streets.cityId, cityId))
        .orderBy(asc(streets.withType));
    },

    /** A city's pickup points that pass the filter, by address. */
    points(cityId: number, filter: PointFilter = {}) {
      return db
        .select(pickupPointColumns)
        .from(pickupPoints)
        .where(and(...pointConditions(cityId, filter)))
        .orderBy(asc(pickupPoints.address), asc(pickupPoints.id))
        .limit(MAX_POINTS_PER_LIST);
    },

    /** One point with everything its card shows and its city's time zone. */
    async point(id: number) {
      const [row] = await db
        .select({
          ...pickupPointColumns,
          schedule: pickupPoints.schedule,
          scheduleExceptions: pickupPoints.scheduleExceptions,
          howToFind: pickupPoints.howToFind,
          timezone: cities.timezone,
        })
        .from(pickupPoints)
        .innerJoin(cities, eq(cities.id, pickupPoints.cityId))
        .where(eq(pickupPoints.id, id))
        .limit(1);
      return row;
    },

    /** The city's points counted by provider, kind, fitting room and card payment (the filter's options). */
    async pointCounts(cityId: number, providers?: readonly string[]) {
      const rows = await db
        .select({
          provider: pickupPoints.provider,
          kind: pickupPoints.kind,
          fittingRoom: pickupPoints.fittingRoom,
          cardPayment: pickupPoints.cardPayment,
          n: sql<number>`count(*)::int`,
        })
        .from(pickupPoints)
        .where(and(...pointConditions(cityId, { providers })))
        .groupBy(
          pickupPoints.provider,
          pickupPoints.kind,
          pickupPoints.fittingRoom,
          pickupPoints.cardPayment,
        );
      return rows.map((r) => ({ ...r, n: Number(r.n) }));
    },

    /** Sellers with where they ship from (warehouse city, cut-off). */
    async sellerDispatch(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: sellers.id,
          name: sellers.name,
          cutoffHour: sellers.cutoffHour,
          warehouse: {
            id: cities.id,
            name: cities.name,
            latitude: cities.latitude,
            longitude: cities.longitude,
            timezone: cities.timezone,
          },
        })
        .from(sellers)
        .leftJoin(cities, eq(cities.id, sellers.warehouseCityId))
        .where(inArray(sellers.id, [...ids]))
        .orderBy(asc(sellers.id));
    },

    /** The sellers of the selected lines of a shopper's basket. */
    async basketSellerIds(owner: RowOwner): Promise<number[]> {
      const rows = await db
        .selectDistinct({ sellerId: products.sellerId })
        .from(basketLines)
        .innerJoin(baskets, eq(baskets.id, basketLines.basketId))
        .innerJoin(products, eq(products.id, basketLines.productId))
        .where(
          and(
            owner.userId !== undefined
              ? eq(baskets.userId, owner.userId)
              : eq(baskets.visitorId, owner.visitorId),
            eq(basketLines.selected, true),
          ),
        )
        .orderBy(asc(products.sellerId));
      return rows.map((r) => r.sellerId);
    },

    /** Stored windows of a city from `from` to `to` (both included). */
    slotRows(cityId: number, from: string, to: string) {
      return db
        .select({
          date: deliverySlots.date,
          startsHour: deliverySlots.startsHour,
          capacity: deliverySlots.capacity,
          booked: deliverySlots.booked,
        })
        .from(deliverySlots)
        .where(and(eq(deliverySlots.cityId, cityId), between(deliverySlots.date, from, to)));
    },
  };
}
export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>;
