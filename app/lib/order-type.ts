import { useEffect, useSyncExternalStore } from "react";
import { nextOrderType } from "./route-meta.ts";

export type OrderType = "current" | "completed";

/** The orders tab the shopper chose (current or completed), remembered while they stay in the account. */
let orderType: OrderType = "current";
const listeners = new Set<() => void>();

export function setOrderType(next: OrderType): void {
  if (next === orderType) return;
  orderType = next;
  for (const listener of listeners) listener();
}

export function getOrderType(): OrderType {
  return orderType;
}

export function useOrderType(): [OrderType, (next: OrderType) => void] {
  const value = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => orderType,
    () => "current" as const,
  );
  return [value, setOrderType];
}

/** Spec: the order-type preference resets to current on any screen whose route name lacks "personal". */
export function useOrderTypeReset(routeId: string | undefined): void {
  useEffect(() => {
    setOrderType(nextOrderType(getOrderType(), routeId));
  }, [routeId]);
}
