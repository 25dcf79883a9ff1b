// The basket's rules without zod (ADR 038), so the storefront's first-load bundle can use them: the
// quantity cap and its reason, the courier price of one seller's shipment, the totals. The server
// applies the same functions on every change and in the answer; the visitor → user merge caps with them.

import { plural } from "./format.ts";
import { type Kopecks, kopecks, type Points, points } from "./money.ts";

/** What stops a line's quantity from growing. */
export type BasketCapReason = "stock" | "order_limit" | "basket_max_items";

export interface BasketCap {
  /** The most units of the product one basket line may hold now (0: it cannot be bought). */
  max: number;
  reason: BasketCapReason;
}

/**
 * The most units of a product a line may hold: its stock, its per-order limit (count-restricted
 * promotion) and the `basket_max_items` option, whichever is lowest, and which of them it is.
 */
export function quantityCap(
  product: { stock: number; orderLimit: number | null },
  maxItems: number,
): BasketCap {
  let cap: BasketCap = { max: maxItems, reason: "basket_max_items" };
  if (product.orderLimit !== null && product.orderLimit <= cap.max)
    cap = { max: product.orderLimit, reason: "order_limit" };
  if (product.stock <= cap.max) cap = { max: Math.max(0, product.stock), reason: "stock" };
  return cap;
}

/** Why the «+» is off, as the shopper reads it. */
export function capMessage(cap: BasketCap): string {
  switch (cap.reason) {
    case "stock":
      return cap.max === 0 ? "Товар закончился" : "Больше нет в наличии";
    case "order_limit":
      return `Не больше ${cap.max} шт. в одном заказе`;
    case "basket_max_items":
      return `Не больше ${cap.max} шт. одного товара в корзине`;
  }
}

/** What a line is now compared with when it was added. */
export type BasketAvailability =
  /** Can be bought in the quantity asked. */
  | "in_stock"
  /** A preorder: bought now, delivered later. */
  | "preorder"
  /** Fewer units left than the line holds. */
  | "fewer_left"
  /** None left. */
  | "sold_out"
  /** Not sold now (announced as coming soon). */
  | "not_sold";

/** The line's flag text, or undefined when nothing is wrong. */
export function availabilityMessage(availability: BasketAvailability, max: number): string | undefined {
  switch (availability) {
    case "fewer_left":
      return `Осталось ${max} шт.`;
    case "sold_out":
      return "Товар закончился";
    case "not_sold":
      return "Товар больше не продаётся";
    default:
      return undefined;
  }
}

/** Only lines that can be bought count in the totals and go to checkout. */
export function isBuyable(availability: BasketAvailability): boolean {
  return availability === "in_stock" || availability === "preorder";
}

/** Courier delivery of one seller's shipment is free from this sum of its goods (kopecks). */
export const FREE_DELIVERY_FROM: Kopecks = kopecks(100_000);
/** Below that, the shipment's courier price (kopecks). */
export const DELIVERY_PRICE: Kopecks = kopecks(9_900);

/** The courier price of one seller's shipment whose goods (at current prices) cost `goods` kopecks. */
export function shipmentDeliveryPrice(goods: number): Kopecks {
  if (goods <= 0) return kopecks(0);
  return goods >= FREE_DELIVERY_FROM ? kopecks(0) : DELIVERY_PRICE;
}

export interface TotalsLine {
  /** Current price per unit, kopecks. */
  price: number;
  oldPrice: number | null;
  /** Cashback per unit, kopecks in whole roubles (the card's `cashbackAmount`). */
  cashbackAmount: number;
  quantity: number;
}

export interface BasketTotals {
  /** Units in the selected, buyable lines. */
  quantity: number;
  /** Goods at their old (crossed-out) prices. */
  goods: Kopecks;
  /** What the discounts take off the goods. */
  discount: Kopecks;
  /** Courier price of all shipments. */
  delivery: Kopecks;
  /** Points the order earns (1 point = 1 ₽). */
  cashbackPoints: Points;
  /** goods − discount + delivery. */
  toPay: Kopecks;
}

/**
 * The totals of the selected, buyable lines grouped by seller (each group is one shipment and pays its
 * own courier price). Bonus points to spend are chosen on the payment step, not here.
 */
export function basketTotals(shipments: readonly (readonly TotalsLine[])[]): BasketTotals {
  let quantity = 0;
  let goods = 0;
  let discount = 0;
  let delivery = 0;
  let cashbackPoints = 0;
  for (const lines of shipments) {
    let shipmentGoods = 0;
    for (const line of lines) {
      const old = line.oldPrice ?? line.price;
      quantity += line.quantity;
      goods += old * line.quantity;
      discount += (old - line.price) * line.quantity;
      cashbackPoints += (line.cashbackAmount / 100) * line.quantity;
      shipmentGoods += line.price * line.quantity;
    }
    delivery += shipmentDeliveryPrice(shipmentGoods);
  }
  return {
    quantity,
    goods: kopecks(goods),
    discount: kopecks(discount),
    delivery: kopecks(delivery),
    cashbackPoints: points(cashbackPoints),
    toPay: kopecks(goods - discount + delivery),
  };
}

/** «3 товара», «1 товар», «5 товаров». */
export function goodsWord(n: number): string {
  return plural(n, "товар", "товара", "товаров");
}

/** The header link's accessible name: «Корзина», «Корзина, 3 товара». */
export function basketLinkLabel(count: number): string {
  return count > 0 ? `Корзина, ${count} ${goodsWord(count)}` : "Корзина";
}

/** An idempotency key the API accepts (a UUID, a ULID or similar). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;
