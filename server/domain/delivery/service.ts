import {
  PICKUP_POINT_KIND_LABELS,
  PICKUP_POINT_KINDS,
  type PickupPointCard,
  type PickupPointFilterQuery,
  type PickupPointFilters,
  type PickupPointList,
  type PickupPointsQuery,
  type PickupPointSummary,
  type SellerDelivery,
  type SellerDeliveryList,
  type SellerDeliveryQuery,
  type SlotList,
  type SlotsQuery,
  type StreetLines,
} from "#contract/delivery.ts";
import { DELIVERY_PRICE, FREE_DELIVERY_FROM } from "#contract/basket-rules.ts";
import {
  type DeliveryPlace,
  deliveryDate,
  deliveryDateValidUntil,
  deliveryPromise,
  localDateTime,
} from "#contract/delivery-dates.ts";
import { AppError } from "#server/errors.ts";
import type { Actor } from "#server/domain/actor.ts";
import { rowOwnerOf } from "#server/domain/actor.ts";
import type { CityRow } from "./address-rules.ts";
import { type CityChoice, resolveCity } from "./cities.ts";
import { openState, WEEKDAY_LABELS } from "./point-hours.ts";
import { commonProviders, sellerProviders } from "./provider-rules.ts";
import type { DeliveryRepository } from "./repository.ts";
import { bookableDates, daySlots, firstSlotDate, slotCapacity, slotDayLabel } from "./slot-rules.ts";

export interface DeliveryServiceOptions {
  /** The current instant; tests fix it. */
  clock?: () => Date;
}

type PointRow = Awaited<ReturnType<DeliveryRepository["points"]>>[number];

function toSummary(row: PointRow): PickupPointSummary {
  return { ...row, weightLimitKg: Number(row.weightLimitKg) };
}

const placeOf = (city: CityRow): DeliveryPlace => ({
  latitude: city.latitude,
  longitude: city.longitude,
  timezone: city.timezone,
});

/**
 * Pickup points, sellers' delivery to a city and courier windows (spec `/v1/deliveries/…`, ADR 036).
 * Public reads: nothing here is the shopper's but the basket's sellers when no sellers are named.
 */
export function createDeliveryService(repository: DeliveryRepository, options: DeliveryServiceOptions = {}) {
  const now = options.clock ?? (() => new Date());

  /** The sellers asked about: the named ones, else those of the actor's basket (selected lines). */
  async function sellersOf(sellerIds: readonly number[] | undefined, actor: Actor | undefined) {
    if (sellerIds) return [...new Set(sellerIds)];
    const owner = actor ? rowOwnerOf(actor) : undefined;
    return owner ? repository.basketSellerIds(owner) : [];
  }

  async function dispatchDates(sellerIds: readonly number[], city: CityRow, at: Date) {
    const rows = await repository.sellerDispatch(sellerIds);
    const destination = placeOf(city);
    return rows.map((row) => {
      // A seller with no warehouse on record ships from the destination itself (next-day at best).
      const seller = { warehouse: row.warehouse ?? destination, cutoffHour: row.cutoffHour };
      return {
        row,
        date: deliveryDate(seller, destination, at),
        validUntil: deliveryDateValidUntil(seller, destination, at),
      };
    });
  }

  return {
    resolveCity: (choice: CityChoice) => resolveCity(repository, choice),

    /** All of a city's pickup points by address (none for an unknown city): the address book's list. */
    async cityPoints(cityId: number): Promise<PickupPointSummary[]> {
      return (await repository.points(cityId)).map(toSummary);
    },

    /** A city's pickup points, filtered; `sellerIds` keeps the networks all those sellers ship with. */
    async points(query: PickupPointsQuery, choice: CityChoice = {}): Promise<PickupPointList> {
      const city = await resolveCity(repository, { cityId: query.cityId, ...choice });
      const shipping = commonProviders(query.sellerIds ?? []);
      const providers =
        query.provider && shipping
          ? query.provider.filter((p) => shipping.includes(p))
          : (query.provider ?? shipping);
      const rows = await repository.points(city.id, {
        providers,
        kind: query.kind,
        fittingRoom: query.fittingRoom,
        cardPayment: query.cardPayment,
        bbox: query.bbox,
      });
      return {
        city: { id: city.id, name: city.name, latitude: city.latitude, longitude: city.longitude },
        items: rows.map(toSummary),
      };
    },

    /** The city's streets as lines for the map without tiles (an unknown city is a 404). */
    async streets(cityId: number): Promise<StreetLines> {
      const city = await resolveCity(repository, { cityId });
      const rows = await repository.cityStreets(city.id);
      return {
        streets: rows.map((s) => ({
          name: s.withType,
          points: [
            [s.startLatitude, s.startLongitude],
            [s.endLatitude, s.endLongitude],
          ],
        })),
      };
    },

    /** One point's card: hours by day, exceptions ahead, open now in its city's time, how to find it. */
    async point(id: number): Promise<PickupPointCard> {
      const row = await repository.point(id);
      if (!row) throw new AppError("not_found", "Пункт выдачи не найден", { code: "pickup_point_not_found" });
      const at = now();
      const today = localDateTime(at, row.timezone).date;
      const { schedule, scheduleExceptions, timezone, howToFind, ...summary } = row;
      const state = openState(schedule, scheduleExceptions, at, timezone);
      return {
        ...toSummary(summary),
        timezone,
        schedule: schedule.map((hours, weekday) => ({
          weekday,
          label: WEEKDAY_LABELS[weekday] as string,
          hours,
        })),
        exceptions: scheduleExceptions.filter((e) => e.date >= today),
        openNow: state.openNow,
        openNowText: state.text,
        howToFind,
      };
    },

    /** What the points filter can offer in the city (for these sellers), with counts. */
    async pointFilters(query: PickupPointFilterQuery, choice: CityChoice = {}): Promise<PickupPointFilters> {
      const city = await resolveCity(repository, { cityId: query.cityId, ...choice });
      const counts = await repository.pointCounts(city.id, commonProviders(query.sellerIds ?? []));
      const sum = (keep: (c: (typeof counts)[number]) => boolean) =>
        counts.filter(keep).reduce((n, c) => n + c.n, 0);
      const providers = [...new Set(counts.map((c) => c.provider))].sort((a, b) => a.localeCompare(b, "ru"));
      return {
        providers: providers.map((p) => ({ value: p, label: p, count: sum((c) => c.provider === p) })),
        kinds: PICKUP_POINT_KINDS.map((k) => ({
          value: k,
          label: PICKUP_POINT_KIND_LABELS[k],
          count: sum((c) => c.kind === k),
        })).filter((k) => k.count > 0),
        fittingRoom: { count: sum((c) => c.fittingRoom) },
        cardPayment: { count: sum((c) => c.cardPayment) },
        total: sum(() => true),
      };
    },

    /** Each seller's delivery to the city: the date (contract/delivery-dates.ts), courier price, pickup. */
    async sellers(
      query: SellerDeliveryQuery,
      choice: CityChoice = {},
      actor?: Actor,
    ): Promise<SellerDeliveryList> {
      const city = await resolveCity(repository, { cityId: query.cityId, ...choice });
      const at = now();
      const ids = await sellersOf(query.sellerIds, actor);
      const dates = await dispatchDates(ids, city, at);
      const counts = dates.length > 0 ? await repository.pointCounts(city.id) : [];
      const today = localDateTime(at, city.timezone).date;
      const items: SellerDelivery[] = dates.map(({ row, date, validUntil }) => {
        const providers = sellerProviders(row.id);
        const reachable = [
          ...new Set(counts.filter((c) => providers.includes(c.provider)).map((c) => c.provider)),
        ];
        const pointCount = counts.filter((c) => providers.includes(c.provider)).reduce((n, c) => n + c.n, 0);
        return {
          sellerId: row.id,
          sellerName: row.name,
          warehouseCity: row.warehouse ? { id: row.warehouse.id, name: row.warehouse.name } : null,
          cutoffHour: row.cutoffHour,
          deliveryDate: date,
          promise: deliveryPromise(date, today),
          validUntil: validUntil.toISOString(),
          courier: { available: true, price: DELIVERY_PRICE, freeFrom: FREE_DELIVERY_FROM },
          pickup: { available: pointCount > 0, price: 0, providers: reachable, pointCount },
        };
      });
      return { city: { id: city.id, name: city.name, timezone: city.timezone }, today, items };
    },

    /**
     * Courier windows with free places for `SLOT_DAYS` days from the first bookable day (the latest
     * delivery date of the sellers, never before tomorrow), or for one `date`.
     */
    async slots(query: SlotsQuery, choice: CityChoice = {}, actor?: Actor): Promise<SlotList> {
      const city = await resolveCity(repository, { cityId: query.cityId, ...choice });
      const at = now();
      const ids = query.sellerIds ? await sellersOf(query.sellerIds, actor) : [];
      const dates = (await dispatchDates(ids, city, at)).map((d) => d.date);
      const from = firstSlotDate(city.timezone, at, dates);
      const days = bookableDates(from);
      const shown = query.date ? days.filter((d) => d === query.date) : days;
      const rows =
        shown.length > 0
          ? await repository.slotRows(city.id, shown[0] as string, shown[shown.length - 1] as string)
          : [];
      const capacity = slotCapacity(city);
      const today = localDateTime(at, city.timezone).date;
      return {
        city: { id: city.id, name: city.name, timezone: city.timezone },
        from,
        days: shown.map((date) => ({
          date,
          label: slotDayLabel(date, today),
          slots: daySlots(date, capacity, rows),
        })),
      };
    },
  };
}
export type DeliveryService = ReturnType<typeof createDeliveryService>;
