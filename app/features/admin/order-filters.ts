import type { OrderStatus } from "#contract/order-states.ts";
import { type Filters, periodQuery } from "./url-filters.ts";

export const ORDER_FILTER_NAMES = ["status", "from", "to", "number", "phone", "seller", "delivery"] as const;
export type OrderFilters = Filters<(typeof ORDER_FILTER_NAMES)[number]>;

/** «12345678» is the order 1234-5678, as the shopper may read it out. */
function orderNumber(value: string): string {
  return /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4)}` : value;
}

/** The API's query for the order list's filters and page. */
export function orderApiQuery(filters: OrderFilters, before?: number) {
  return {
    status: filters.status as OrderStatus | undefined,
    number: filters.number ? orderNumber(filters.number) : undefined,
    phone: filters.phone,
    seller: filters.seller,
    deliveryType: filters.delivery as "courier" | "pickup" | undefined,
    ...periodQuery(filters.from, filters.to),
    before: before === undefined ? undefined : String(before),
  };
}
