import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { basketKeys } from "#app/features/basket/index.ts";
import { type ApiClient, type ApiData, getApi, unwrap } from "#app/lib/api-client.ts";
import type { DeliveryType } from "#contract/address-book.ts";
import type { PlaceOrderInput, StartPaymentInput } from "#contract/orders.ts";

/**
 * The checkout's reads and writes (ADR 039): the basket as the delivery step shows it, the delivery
 * places (suggestions, geocoding, pickup points, courier slots), the order and its payment. Personal
 * reads sit under the account's key, so signing out forgets them.
 */
export const checkoutKeys = {
  shopper: () => ["account", "checkout", "shopper"] as const,
  order: (id: number) => ["account", "orders", id] as const,
  bonus: (id: number) => ["account", "orders", id, "bonus"] as const,
  slots: (cityId: number, sellerIds: string) => ["deliveries", "slots", cityId, sellerIds] as const,
  points: (query: PointsFilter & { cityId: number; sellerIds: string }) =>
    ["deliveries", "points", query] as const,
  point: (id: number) => ["deliveries", "points", "card", id] as const,
  filters: (cityId: number, sellerIds: string) => ["deliveries", "filters", cityId, sellerIds] as const,
  streets: (cityId: number) => ["deliveries", "streets", cityId] as const,
  suggest: (cityId: number, query: string) => ["suggest", "address", cityId, query] as const,
};

type V1 = ApiClient["v1"];
export type Basket = ApiData<Awaited<ReturnType<V1["basket"]["$get"]>>>;
export type Me = ApiData<Awaited<ReturnType<V1["user"]["me"]["$get"]>>>;
export type Order = ApiData<Awaited<ReturnType<V1["orders"][":id"]["$get"]>>>;

/** The pickup list's filters (the query of `GET /api/v1/deliveries/points`). */
export interface PointsFilter {
  provider?: string[];
  kind?: "point" | "parcel_locker";
  fittingRoom?: boolean;
  cardPayment?: boolean;
}

/**
 * The basket, for the delivery step's shipments and totals (the /basket page's query: one copy in the
 * cache for both); `api` is the loader's client on the server.
 */
export function basketQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: basketKeys.detail(),
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.basket.$get(undefined, { init: { signal } })),
  });
}

/** The signed-in shopper (the recipient «Я»: name and phone); its 401 is the step's sign-in redirect. */
/** Whether the basket has a selected line that can be bought: the delivery step's reason to be. */
export function isBuying(basket: Basket): boolean {
  return basket.shipments.some((s) => s.lines.some((l) => l.selected && l.buyable));
}

export function shopperQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: checkoutKeys.shopper(),
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.user.me.$get(undefined, { init: { signal } })),
  });
}

/** The day's courier windows, from the day all the order's shipments can arrive. */
export function slotsQuery(cityId: number, sellerIds: string) {
  return queryOptions({
    queryKey: checkoutKeys.slots(cityId, sellerIds),
    queryFn: ({ signal }) =>
      unwrap(
        getApi().v1.deliveries.slots.$get(
          { query: { cityId: String(cityId), sellerIds: sellerIds || undefined } },
          { init: { signal } },
        ),
      ),
    // Windows fill up while the shopper looks: ask again on each visit of the form.
    staleTime: 30_000,
  });
}

/** The city's pickup points the basket's sellers can ship to, with the shopper's filters. */
export function pointsQuery(cityId: number, sellerIds: string, filter: PointsFilter) {
  return queryOptions({
    queryKey: checkoutKeys.points({ cityId, sellerIds, ...filter }),
    queryFn: ({ signal }) =>
      unwrap(
        getApi().v1.deliveries.points.$get(
          {
            query: {
              cityId: String(cityId),
              sellerIds: sellerIds || undefined,
              provider: filter.provider?.length ? filter.provider.join(",") : undefined,
              kind: filter.kind,
              fittingRoom: filter.fittingRoom ? "true" : undefined,
              cardPayment: filter.cardPayment ? "true" : undefined,
            },
          },
          { init: { signal } },
        ),
      ),
    staleTime: 5 * 60_000,
  });
}

/** One point's card: hours by day, storage, how to find it. */
export function pointQuery(id: number) {
  return queryOptions({
    queryKey: checkoutKeys.point(id),
    queryFn: ({ signal }) =>
      unwrap(getApi().v1.deliveries.points[":id"].$get({ param: { id: String(id) } }, { init: { signal } })),
    staleTime: 5 * 60_000,
  });
}

/** What the filters offer in this city for these sellers, with counts. */
export function filtersQuery(cityId: number, sellerIds: string) {
  return queryOptions({
    queryKey: checkoutKeys.filters(cityId, sellerIds),
    queryFn: ({ signal }) =>
      unwrap(
        getApi().v1.deliveries.seller.points.filter.$get(
          { query: { cityId: String(cityId), sellerIds: sellerIds || undefined } },
          { init: { signal } },
        ),
      ),
    staleTime: 5 * 60_000,
  });
}

/** The city's generated streets for the basemap (Leaflet without tiles). */
export function streetsQuery(cityId: number) {
  return queryOptions({
    queryKey: checkoutKeys.streets(cityId),
    queryFn: ({ signal }) =>
      unwrap(
        getApi().v1.deliveries.streets.$get({ query: { cityId: String(cityId) } }, { init: { signal } }),
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Address suggestions as the shopper types (DaData's format). */
export function suggestQuery(cityId: number, query: string) {
  return queryOptions({
    queryKey: checkoutKeys.suggest(cityId, query),
    queryFn: ({ signal }) =>
      unwrap(
        getApi().v1.suggest.address.$get(
          { query: { query, cityId: String(cityId), count: "7" } },
          { init: { signal } },
        ),
      ),
    staleTime: 5 * 60_000,
    enabled: query.trim().length >= 2,
  });
}

/** The houses nearest a point ("find me"). */
export function reverseGeocode(lat: number, lon: number) {
  return unwrap(
    getApi().v1.suggest.geocode.reverse.$get({
      query: { lat: String(lat), lon: String(lon), radius_meters: "1000", count: "1" },
    }),
  );
}

/** Whether a point is outside the city's courier zone (with the spec's text). */
export function outOfRange(cityId: number, lat: number, lon: number) {
  return unwrap(
    getApi().v1.suggest.geocode["out-of-range"].$get({
      query: { lat: String(lat), lon: String(lon), cityId: String(cityId) },
    }),
  );
}

/** Typed text checked as DaData's "clean" would: is there a street and a house? */
export function cleanAddress(cityId: number, query: string) {
  return unwrap(getApi().v1.suggest.geocode.reverse.clean.$get({ query: { query, cityId: String(cityId) } }));
}

/** A map point standardised (ADR 064): its house within 100 m, else its street, else nothing near. */
export function cleanPoint(cityId: number, lat: number, lon: number) {
  return unwrap(
    getApi().v1.suggest.geocode.reverse.clean.$get({
      query: { lat: String(lat), lon: String(lon), cityId: String(cityId) },
    }),
  );
}

/** Courier or pickup, remembered for the shopper (the spec's `PUT /v1/user/address/type`). */
export function useDeliveryTypeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: DeliveryType) => unwrap(getApi().v1.user.address.type.$put({ json: { type } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["account", "addresses"], exact: true }),
  });
}

/** Places the order from the selected basket lines; the answer is the order (201, or 200 for a retry). */
export function usePlaceOrder() {
  return useMutation({
    mutationFn: (body: PlaceOrderInput) => unwrap(getApi().v1.orders.$post({ json: body })),
  });
}

/** The order on the payment step: its owner's only (another's id is a 404). */
export function orderQuery(id: number, api?: ApiClient) {
  return queryOptions({
    queryKey: checkoutKeys.order(id),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.orders[":id"].$get({ param: { id: String(id) } }, { init: { signal } })),
  });
}

/** The order's bonus limits and the shopper's balance. */
export function bonusQuery(id: number, api?: ApiClient) {
  return queryOptions({
    queryKey: checkoutKeys.bonus(id),
    queryFn: ({ signal }) =>
      unwrap(
        (api ?? getApi()).v1.orders[":id"].bonus.$get({ param: { id: String(id) } }, { init: { signal } }),
      ),
  });
}

/** Starts paying: the acquirer's page to go to, or paid fully with points. */
export function useStartPayment(orderId: number) {
  return useMutation({
    mutationFn: (body: StartPaymentInput) =>
      unwrap(getApi().v1.orders[":id"].payments.$post({ param: { id: String(orderId) }, json: body })),
  });
}
