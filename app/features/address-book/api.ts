import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiClient, type ApiData, getApi, unwrap } from "#app/lib/api-client.ts";
import type { AddressFormValues } from "#contract/addresses.ts";
import type { RecipientFormValues } from "#contract/recipients.ts";

/**
 * The shopper's delivery addresses and recipients. Under the account's key, so signing out (which drops
 * every `["account", …]` query) forgets them.
 */
export const addressBookKeys = {
  addresses: () => ["account", "addresses"] as const,
  pickupPoints: (cityId: number) => ["account", "addresses", "pickup-points", cityId] as const,
  recipients: () => ["account", "recipients"] as const,
};

type Client = ApiClient["v1"]["user"];
export type AddressBook = ApiData<Awaited<ReturnType<Client["address"]["$get"]>>>;
export type Address = AddressBook["items"][number];
export type PickupPoint = ApiData<
  Awaited<ReturnType<Client["address"]["pickup-points"]["$get"]>>
>["items"][number];
export type RecipientList = ApiData<Awaited<ReturnType<Client["recipients"]["$get"]>>>;
export type Recipient = RecipientList["items"][number];

/** The shopper's addresses (the selected one first) and delivery type; `api` is the loader's client on the server. */
export function addressesQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: addressBookKeys.addresses(),
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.user.address.$get(undefined, { init: { signal } })),
  });
}

/** Pickup points of a city, by address: they change with releases, not while the shopper looks. */
export function pickupPointsQuery(cityId: number, api?: ApiClient) {
  return queryOptions({
    queryKey: addressBookKeys.pickupPoints(cityId),
    queryFn: ({ signal }) =>
      unwrap(
        (api ?? getApi()).v1.user.address["pickup-points"].$get(
          { query: { cityId: String(cityId) } },
          { init: { signal } },
        ),
      ),
    staleTime: 10 * 60 * 1000,
  });
}

/** The shopper's recipients, the default one first. */
export function recipientsQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: addressBookKeys.recipients(),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.user.recipients.$get(undefined, { init: { signal } })),
  });
}

/** The body an address form sends (the API trims and normalises it with the same schema). */
type AddressBody = AddressFormValues;

/** Saves, changes, selects and deletes addresses; each refreshes the list (selection moves between rows). */
export function useAddressMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: addressBookKeys.addresses(), exact: true });
  const api = () => getApi().v1.user.address;
  return {
    // `selected`: the delivery step saves a new address and delivers to it at once (ADR 031).
    create: useMutation({
      mutationFn: (body: AddressBody & { selected?: boolean }) => unwrap(api().$post({ json: body })),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: AddressBody }) =>
        unwrap(api()[":id"].$put({ param: { id: String(id) }, json: body })),
      onSuccess: refresh,
    }),
    select: useMutation({
      mutationFn: (id: number) => unwrap(api()[":id"].selected.$put({ param: { id: String(id) } })),
      onSuccess: refresh,
    }),
    // The caller leaves the deleted address's page first, then refreshes (see `refresh`).
    remove: useMutation({
      mutationFn: (id: number) => unwrap(api()[":id"].$delete({ param: { id: String(id) } })),
    }),
    refresh,
  };
}

/** Adds, changes, makes default and deletes recipients; each refreshes the list. */
export function useRecipientMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: addressBookKeys.recipients(), exact: true });
  const api = () => getApi().v1.user.recipients;
  return {
    create: useMutation({
      mutationFn: (body: RecipientFormValues) => unwrap(api().$post({ json: body })),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: RecipientFormValues }) =>
        unwrap(api()[":id"].$put({ param: { id: String(id) }, json: body })),
      onSuccess: refresh,
    }),
    makeDefault: useMutation({
      mutationFn: (id: number) => unwrap(api()[":id"].default.$put({ param: { id: String(id) } })),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => unwrap(api()[":id"].$delete({ param: { id: String(id) } })),
      onSuccess: refresh,
    }),
  };
}
