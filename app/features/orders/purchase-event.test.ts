import { describe, expect, it } from "vitest";
import type { Order } from "#contract/orders.ts";
import { purchaseEvent } from "./purchase-event.ts";

const line = (productId: number, price: number, quantity: number) => ({
  productId,
  name: `Товар ${productId}`,
  quantity,
  price,
  oldPrice: null,
  cashbackPoints: 0,
  image: null,
});

describe("the Metrika purchase of a paid order", () => {
  it("names the order by its number, counts goods and delivery in roubles, and every line of every seller", () => {
    const order = {
      number: "1234-5678",
      goodsTotal: 3 * 49_900 + 129_000,
      deliveryTotal: 9_900,
      shipments: [{ lines: [line(7, 49_900, 3)] }, { lines: [line(9, 129_000, 1)] }],
    } as unknown as Order;
    expect(purchaseEvent(order)).toEqual({
      actionField: { id: "1234-5678", revenue: 2_886 },
      products: [
        { id: "7", name: "Товар 7", price: 499, quantity: 3 },
        { id: "9", name: "Товар 9", price: 1_290, quantity: 1 },
      ],
    });
  });
});
