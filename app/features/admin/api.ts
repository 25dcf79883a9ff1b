import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";
import type { StaffCancelInput } from "#contract/cancellation.ts";
import type { OrderStatus } from "#contract/order-states.ts";
import type { StaffOrderCard } from "#contract/staff.ts";
import type { AuditFilters } from "./audit-filters.ts";
import type { OrderFilters } from "./order-filters.ts";
import { auditApiQuery } from "./audit-filters.ts";
import { orderApiQuery } from "./order-filters.ts";

// The back office's reads and writes (issue 20; ADR 051, 053): queryOptions factories the loaders prefetch
// and the screens read, and mutation hooks that put the API's answer in the cache; `api` is the loader's
// client on the server.

export const adminKeys = {
  all: ["admin"] as const,
  me: () => [...adminKeys.all, "me"] as const,
  orders: (filters: OrderFilters) => [...adminKeys.all, "orders", filters] as const,
  order: (id: number) => [...adminKeys.all, "order", id] as const,
  sellers: () => [...adminKeys.all, "sellers"] as const,
  staff: () => [...adminKeys.all, "staff"] as const,
  audit: (filters: AuditFilters) => [...adminKeys.all, "audit", filters] as const,
};

/** Who works here: the account and its roles (a shopper's session: 403). */
export function adminMeQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.me(),
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.admin.me.$get(undefined, { init: { signal } })),
  });
}

/** One page of the order list under the filters (`before` from the filters or the page before). */
export function fetchAdminOrders(
  filters: OrderFilters,
  before?: number,
  api?: ApiClient,
  signal?: AbortSignal,
) {
  const query = orderApiQuery(filters, before);
  return unwrap((api ?? getApi()).v1.admin.orders.$get({ query }, { init: { signal } }));
}

export function adminOrdersQuery(filters: OrderFilters, api?: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.orders(filters),
    queryFn: ({ signal }) => fetchAdminOrders(filters, filters.before, api, signal),
  });
}

/** Sellers for the list's filter: they change rarely, so they are kept for the session. */
export function adminSellersQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.sellers(),
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.admin.sellers.$get(undefined, { init: { signal } })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function adminOrderQuery(id: number, api?: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.order(id),
    queryFn: ({ signal }) =>
      unwrap(
        (api ?? getApi()).v1.admin.orders[":id"].$get({ param: { id: String(id) } }, { init: { signal } }),
      ),
  });
}

export function adminStaffQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.staff(),
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.admin.staff.$get(undefined, { init: { signal } })),
  });
}

export function fetchAudit(filters: AuditFilters, before?: number, api?: ApiClient, signal?: AbortSignal) {
  return unwrap(
    (api ?? getApi()).v1.admin.audit.$get({ query: auditApiQuery(filters, before) }, { init: { signal } }),
  );
}

export function adminAuditQuery(filters: AuditFilters, api?: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ signal }) => fetchAudit(filters, filters.before, api, signal),
  });
}

/** The card's writes: each answers the card as it is now, which replaces the cached one. */
export function useOrderCardMutations(orderId: number) {
  const queryClient = useQueryClient();
  const key = adminKeys.order(orderId);
  const settle = {
    onSuccess: (card: StaffOrderCard) => queryClient.setQueryData(key, card),
    // Refused (another operator moved the parcel first): the card is read again as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  };
  const order = () => getApi().v1.admin.orders[":id"];
  const move = useMutation({
    mutationFn: ({ shipmentId, to }: { shipmentId: number; to: OrderStatus }) =>
      unwrap(
        order().shipments[":shipmentId"].moves.$post({
          param: { id: String(orderId), shipmentId: String(shipmentId) },
          json: { to },
        }),
      ),
    ...settle,
  });
  const addNote = useMutation({
    mutationFn: (text: string) =>
      unwrap(order().notes.$post({ param: { id: String(orderId) }, json: { text } })),
    ...settle,
  });
  const cancel = useMutation({
    mutationFn: (input: StaffCancelInput) =>
      unwrap(order().cancel.$post({ param: { id: String(orderId) }, json: input })),
    ...settle,
  });
  return { move, addNote, cancel };
}

/** Granting and taking away staff roles; the staff list is read again after each. */
export function useStaffMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: adminKeys.staff() });
  const grant = useMutation({
    mutationFn: (input: { phone: string; role: "operator" | "admin" }) =>
      unwrap(getApi().v1.admin.staff.$post({ json: input })),
    onSuccess,
  });
  const revoke = useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: "operator" | "admin" }) =>
      unwrap(
        getApi().v1.admin.staff[":userId"].roles[":role"].$delete({
          param: { userId: String(userId), role },
        }),
      ),
    onSuccess,
  });
  return { grant, revoke };
}
