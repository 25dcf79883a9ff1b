import { useEffect } from "react";
import { nextOrderType } from "./route-meta.ts";

export type OrderType = "current" | "completed";

/**
 * The orders tab the shopper chose (current or completed), remembered while they stay in the account.
 * The orders screen (a later issue) reads and sets it; the shell resets it on leaving the account.
 */
let orderType: OrderType = "current";

export function setOrderType(next: OrderType): void {
  orderType = next;
}

export function getOrderType(): OrderType {
  return orderType;
}

/** Spec: the order-type preference resets to current on any screen whose route name lacks "personal". */
export function useOrderTypeReset(routeId: string | undefined): void {
  useEffect(() => {
    setOrderType(nextOrderType(getOrderType(), routeId));
  }, [routeId]);
}
