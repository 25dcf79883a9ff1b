import { describe, expect, it } from "vitest";
import {
  basketLinkLabel,
  basketTotals,
  capMessage,
  DELIVERY_PRICE,
  FREE_DELIVERY_FROM,
  quantityCap,
  shipmentDeliveryPrice,
} from "./basket-rules.ts";

describe("quantityCap", () => {
  it("is the lowest of stock, per-order limit and basket_max_items, with its reason", () => {
    expect(quantityCap({ stock: 3, orderLimit: null }, 100)).toEqual({ max: 3, reason: "stock" });
    expect(quantityCap({ stock: 30, orderLimit: 2 }, 100)).toEqual({ max: 2, reason: "order_limit" });
    expect(quantityCap({ stock: 300, orderLimit: null }, 100)).toEqual({
      max: 100,
      reason: "basket_max_items",
    });
    // A tie names the stock: nothing more is there to buy.
    expect(quantityCap({ stock: 2, orderLimit: 2 }, 100)).toEqual({ max: 2, reason: "stock" });
    expect(quantityCap({ stock: 0, orderLimit: 5 }, 100)).toEqual({ max: 0, reason: "stock" });
  });

  it("says why in Russian", () => {
    expect(capMessage({ max: 3, reason: "stock" })).toBe("Больше нет в наличии");
    expect(capMessage({ max: 0, reason: "stock" })).toBe("Товар закончился");
    expect(capMessage({ max: 2, reason: "order_limit" })).toBe("Не больше 2 шт. в одном заказе");
    expect(capMessage({ max: 100, reason: "basket_max_items" })).toBe(
      "Не больше 100 шт. одного товара в корзине",
    );
  });
});

describe("basketTotals", () => {
  it("sums goods at old prices, the discount, cashback and each shipment's courier price", () => {
    const totals = basketTotals([
      [
        { price: 90_000, oldPrice: 100_000, cashbackAmount: 900, quantity: 2 },
        { price: 5_000, oldPrice: null, cashbackAmount: 0, quantity: 1 },
      ],
      [{ price: 20_000, oldPrice: null, cashbackAmount: 200, quantity: 1 }],
    ]);
    expect(totals).toEqual({
      quantity: 4,
      goods: 225_000,
      discount: 20_000,
      // The first shipment (185 000 kopecks) travels free, the second (200 ₽) pays.
      delivery: DELIVERY_PRICE,
      cashbackPoints: 20,
      toPay: 225_000 - 20_000 + DELIVERY_PRICE,
    });
  });

  it("is all zeros for nothing selected", () => {
    expect(basketTotals([[], []])).toEqual({
      quantity: 0,
      goods: 0,
      discount: 0,
      delivery: 0,
      cashbackPoints: 0,
      toPay: 0,
    });
  });

  it("makes delivery free from the threshold, by current prices", () => {
    expect(shipmentDeliveryPrice(FREE_DELIVERY_FROM - 1)).toBe(DELIVERY_PRICE);
    expect(shipmentDeliveryPrice(FREE_DELIVERY_FROM)).toBe(0);
    expect(shipmentDeliveryPrice(0)).toBe(0);
  });
});

describe("basketLinkLabel", () => {
  it("names the count with the right word", () => {
    expect(basketLinkLabel(0)).toBe("Корзина");
    expect(basketLinkLabel(1)).toBe("Корзина, 1 товар");
    expect(basketLinkLabel(3)).toBe("Корзина, 3 товара");
    expect(basketLinkLabel(5)).toBe("Корзина, 5 товаров");
    expect(basketLinkLabel(11)).toBe("Корзина, 11 товаров");
    expect(basketLinkLabel(22)).toBe("Корзина, 22 товара");
  });
});
