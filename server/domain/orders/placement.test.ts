import { describe, expect, it, vi } from "vitest";
import { DELIVERY_PRICE, FREE_DELIVERY_FROM } from "#contract/basket-rules.ts";
import { AppError } from "#server/errors.ts";
import type { SlotPolicy } from "./context.ts";
import {
  basketMatches,
  bookSlot,
  checkLines,
  checkPointsSpend,
  chooseSlot,
  destination,
  type Expected,
  matchBasket,
  type PlaceOrderInputParsed,
  priceLines,
  recipientOf,
  reserveStock,
} from "./placement.ts";
import type { OrderRow, OrdersRepository, ProductRow } from "./repository.ts";

// The placement's steps one by one; placeOrder composing them in one transaction is covered by the
// orders API tests on PGlite and PostgreSQL (server/api/orders).

const product = (id: number, values: Partial<ProductRow> = {}): ProductRow => ({
  id,
  name: `Товар ${id}`,
  sellerId: 1,
  price: 100_000,
  oldPrice: null,
  cashbackPercent: 5,
  stock: 10,
  isPreorder: false,
  isComingSoon: false,
  orderLimit: null,
  ...values,
});
const byId = (...rows: ProductRow[]) => new Map(rows.map((r) => [r.id, r]));
const expectedOf = (...lines: { productId: number; quantity: number; price: number }[]): Expected =>
  new Map(lines.map((l) => [l.productId, l]));
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
  return undefined;
};

describe("step «match the basket»", () => {
  const basket = { version: 7, lines: [{ productId: 1, quantity: 2 }] };
  it("takes the basket the client saw: same version and quantities", () => {
    expect(
      basketMatches(basket, { basketVersion: 7 }, expectedOf({ productId: 1, quantity: 2, price: 1 })),
    ).toBe(true);
  });
  it("refuses another version, another quantity, or a line more or less", () => {
    const seen = expectedOf({ productId: 1, quantity: 2, price: 1 });
    expect(basketMatches(basket, { basketVersion: 6 }, seen)).toBe(false);
    expect(
      basketMatches(basket, { basketVersion: 7 }, expectedOf({ productId: 1, quantity: 3, price: 1 })),
    ).toBe(false);
    expect(
      basketMatches(
        basket,
        { basketVersion: 7 },
        expectedOf({ productId: 1, quantity: 2, price: 1 }, { productId: 2, quantity: 1, price: 1 }),
      ),
    ).toBe(false);
  });

  const input = { checkoutKey: "k".repeat(16), basketVersion: 7 } as PlaceOrderInputParsed;
  const repo = (values: Partial<Record<keyof OrdersRepository, unknown>>) =>
    ({
      placementOrders: async () => ({ existing: undefined, unpaid: [] }),
      basketForPlacement: async () => basket,
      ...values,
    }) as unknown as OrdersRepository;
  const seen = expectedOf({ productId: 1, quantity: 2, price: 100_000 });

  it("answers the order a retry of the same key made", async () => {
    const order = { id: 5 } as OrderRow;
    expect(
      await matchBasket(
        repo({ placementOrders: async () => ({ existing: order, unpaid: [] }) }),
        1,
        input,
        seen,
        3,
      ),
    ).toEqual({
      existing: order,
    });
  });
  it("answers the order the same basket already became in another tab, even at the unpaid limit", async () => {
    const order = { id: 6, basketVersion: 7 } as OrderRow;
    const matched = await matchBasket(
      repo({
        placementOrders: async () => ({
          existing: undefined,
          unpaid: [{ id: 4, basketVersion: 5 }, { id: 5, basketVersion: 6 }, order],
        }),
      }),
      1,
      input,
      seen,
      3,
    );
    expect(matched).toEqual({ existing: order });
  });
  it("refuses a fourth unpaid order with the limit's message", async () => {
    await expect(
      matchBasket(
        repo({
          placementOrders: async () => ({
            existing: undefined,
            unpaid: [4, 5, 6].map((id) => ({ id, basketVersion: id - 1 })),
          }),
        }),
        1,
        input,
        seen,
        3,
      ),
    ).rejects.toMatchObject({
      code: "too_many_unpaid_orders",
    });
  });
  it("refuses an empty basket and a changed one", async () => {
    await expect(
      matchBasket(repo({ basketForPlacement: async () => ({ version: 7, lines: [] }) }), 1, input, seen, 3),
    ).rejects.toMatchObject({
      code: "basket_empty",
    });
    await expect(matchBasket(repo({}), 1, { ...input, basketVersion: 8 }, seen, 3)).rejects.toMatchObject({
      code: "basket_changed",
    });
  });
  it("gives the basket to place otherwise", async () => {
    expect(await matchBasket(repo({}), 1, input, seen, 3)).toEqual({ basket });
  });
});

describe("step «check the lines»", () => {
  const line = { productId: 1, quantity: 2 };
  const seen = expectedOf({ productId: 1, quantity: 2, price: 100_000 });
  const problem = (row: ProductRow | undefined, maxItems = 99) =>
    checkLines(row ? byId(row) : new Map(), [line], seen, maxItems)[0];

  it("passes a line that can be bought as shown", () => {
    expect(problem(product(1))).toBeUndefined();
  });
  it("names each reason a line cannot be bought, one per line, first reason first", () => {
    expect(problem(product(1), 1)).toMatchObject({ code: "over_limit", available: 1 });
    expect(problem(undefined)).toMatchObject({ code: "not_sold" });
    expect(problem(product(1, { isComingSoon: true }))).toMatchObject({ code: "not_sold" });
    expect(problem(product(1, { stock: 0 }))).toMatchObject({ code: "out_of_stock", available: 0 });
    expect(problem(product(1, { stock: 1 }))).toMatchObject({
      code: "not_enough_stock",
      message: "Осталось только 1 шт.",
      available: 1,
    });
    expect(problem(product(1, { orderLimit: 1 }))).toMatchObject({
      code: "over_limit",
      message: "Не больше 1 шт. в одном заказе",
    });
  });
  it("says which way the price moved, with both prices", () => {
    expect(problem(product(1, { price: 120_000 }))).toMatchObject({
      code: "price_changed",
      price: 120_000,
      message: "Цена выросла: 1\u00a0200\u00a0₽ вместо 1\u00a0000\u00a0₽",
    });
    expect(problem(product(1, { price: 99_950 }))?.message).toBe(
      "Цена снизилась: 999,50\u00a0₽ вместо 1\u00a0000\u00a0₽",
    );
  });
});

describe("step «price the lines»", () => {
  const products = byId(
    product(1, { sellerId: 10, price: 150_000, oldPrice: 200_000, cashbackPercent: 5 }),
    product(2, { sellerId: 20, price: FREE_DELIVERY_FROM, cashbackPercent: 0 }),
    product(3, { sellerId: 10, price: 1_990, cashbackPercent: 10 }),
  );
  const lines = [
    { productId: 1, quantity: 2 },
    { productId: 2, quantity: 1 },
    { productId: 3, quantity: 1 },
  ];
  const dates = new Map([
    [10, "2026-12-01"],
    [20, "2026-12-03"],
  ]);

  it("makes one shipment per seller, priced from the catalogue rows", () => {
    const priced = priceLines(products, lines, dates, "courier");
    expect(priced.shipments.map((s) => [s.sellerId, s.date, s.lines.map((l) => l.productId)])).toEqual([
      [10, "2026-12-01", [1, 3]],
      [20, "2026-12-03", [2]],
    ]);
    expect(priced.goodsTotal).toBe(2 * 150_000 + FREE_DELIVERY_FROM + 1_990);
    expect(priced.discountTotal).toBe(2 * 50_000);
    // 5 % of 1 500 ₽ is 75 points a unit; 10 % of 19,90 ₽ (1,99 ₽) rounds down to 1 point.
    expect(priced.cashbackPoints).toBe(151);
  });
  it("charges courier delivery per shipment below the free threshold, and nothing for pickup", () => {
    const courier = priceLines(products, lines, dates, "courier");
    const seller10 = 2 * 150_000 + 1_990;
    expect(courier.shipments.map((s) => s.delivery)).toEqual([
      seller10 >= FREE_DELIVERY_FROM ? 0 : DELIVERY_PRICE,
      0,
    ]);
    expect(courier.deliveryTotal).toBe(courier.shipments[0]!.delivery);
    expect(priceLines(products, lines, dates, "pickup").deliveryTotal).toBe(0);
  });
});

describe("step «choose the slot»", () => {
  const slots: SlotPolicy = {
    window: (h) => (h === 10 ? { startsHour: 10, endsHour: 14 } : undefined),
    capacity: () => 40,
    days: 3,
  };
  const city = { id: 1, population: 1_000_000 };
  it("needs none for pickup", () => {
    expect(chooseSlot(slots, city, "pickup", undefined, "2026-12-01")).toBeUndefined();
  });
  it("books a window of the days from the latest shipment's date", () => {
    expect(chooseSlot(slots, city, "courier", { date: "2026-12-03", startsHour: 10 }, "2026-12-01")).toEqual({
      cityId: 1,
      date: "2026-12-03",
      startsHour: 10,
      endsHour: 14,
      capacity: 40,
    });
  });
  it("refuses no window, a window the day does not have, and a day before or past the bookable days", () => {
    expect(codeOf(() => chooseSlot(slots, city, "courier", undefined, "2026-12-01"))).toBe("slot_required");
    expect(
      codeOf(() => chooseSlot(slots, city, "courier", { date: "2026-12-01", startsHour: 9 }, "2026-12-01")),
    ).toBe("slot_unavailable");
    expect(
      codeOf(() => chooseSlot(slots, city, "courier", { date: "2026-11-30", startsHour: 10 }, "2026-12-01")),
    ).toBe("slot_unavailable");
    expect(
      codeOf(() => chooseSlot(slots, city, "courier", { date: "2026-12-04", startsHour: 10 }, "2026-12-01")),
    ).toBe("slot_unavailable");
  });
});

describe("step «check the points»", () => {
  it("takes nothing, or a spend within the balance and the goods", () => {
    expect(() => checkPointsSpend(0, 100_000, 0)).not.toThrow();
    expect(() => checkPointsSpend(500, 100_000, 500)).not.toThrow();
  });
  it("refuses more than the balance or the goods, and less than the minimum", () => {
    expect(codeOf(() => checkPointsSpend(600, 100_000, 500))).toBe("bonus_invalid");
    expect(codeOf(() => checkPointsSpend(1_001, 100_000, 5_000))).toBe("bonus_invalid");
    expect(codeOf(() => checkPointsSpend(50, 100_000, 500))).toBe("bonus_invalid");
  });
});

describe("step «reserve the stock»", () => {
  const seen = expectedOf(
    { productId: 1, quantity: 2, price: 100_000 },
    { productId: 2, quantity: 1, price: 100_000 },
  );
  const lines = [
    { productId: 1, quantity: 2 },
    { productId: 2, quantity: 1 },
  ];
  const takeAll = async (l: readonly { productId: number }[]) => new Set(l.map((x) => x.productId));
  it("locks the products, judges them again and takes every line's stock in one call", async () => {
    const takeStock = vi.fn(takeAll);
    const lockProducts = vi.fn(async () => [product(1), product(2)]);
    await reserveStock({ lockProducts, takeStock }, lines, seen, 99);
    expect(lockProducts).toHaveBeenCalledWith([1, 2]);
    expect(takeStock.mock.calls).toEqual([
      [
        [
          { productId: 1, quantity: 2 },
          { productId: 2, quantity: 1 },
        ],
      ],
    ]);
  });
  it("refuses what changed while the locks were awaited, taking nothing", async () => {
    const takeStock = vi.fn(takeAll);
    const sold = reserveStock(
      { lockProducts: async () => [product(1, { stock: 1 }), product(2)], takeStock },
      lines,
      seen,
      99,
    );
    await expect(sold).rejects.toMatchObject({
      code: "order_lines_changed",
      lines: [{ productId: 1, code: "not_enough_stock" }],
    });
    expect(takeStock).not.toHaveBeenCalled();
  });
  it("refuses when the conditional update takes nothing", async () => {
    const reserved = reserveStock(
      {
        lockProducts: async () => [product(1), product(2)],
        takeStock: async (l) => new Set(l.map((x) => x.productId).filter((id) => id !== 2)),
      },
      lines,
      seen,
      99,
    );
    await expect(reserved).rejects.toMatchObject({
      lines: [{ productId: 2, code: "out_of_stock" }],
    });
  });
});

describe("step «book the slot»", () => {
  const order = { id: 9 } as OrderRow;
  const wanted = { cityId: 1, date: "2026-12-01", startsHour: 10, endsHour: 14, capacity: 1 };
  it("books the window and records it on the order", async () => {
    const updateOrder = vi.fn(async () => ({ ...order, slotId: 4 }) as OrderRow);
    expect(await bookSlot({ bookSlot: async () => 4, updateOrder }, order, wanted)).toMatchObject({
      slotId: 4,
    });
    expect(updateOrder).toHaveBeenCalledWith(9, { slotId: 4 });
  });
  it("refuses a window that filled meanwhile, and books nothing for pickup", async () => {
    await expect(
      bookSlot({ bookSlot: async () => undefined, updateOrder: vi.fn() }, order, wanted),
    ).rejects.toMatchObject({
      code: "slot_full",
    });
    const booking = vi.fn();
    expect(await bookSlot({ bookSlot: booking, updateOrder: vi.fn() }, order, undefined)).toBe(order);
    expect(booking).not.toHaveBeenCalled();
  });
});

describe("steps «where to» and «who receives»", () => {
  type Address = NonNullable<Parameters<typeof destination>[0]["address"]>;
  const moscow = {
    id: 1,
    name: "Москва",
    latitude: 55.7558,
    longitude: 37.6173,
    deliveryRadiusKm: 40,
  } as unknown as Address["city"];
  const address = (values: Record<string, unknown> = {}) =>
    ({
      id: 5,
      latitude: 55.76,
      longitude: 37.62,
      city: moscow,
      ...values,
    }) as unknown as Address;
  const profile = { surname: "Петров", name: "Иван", patronymic: null, phone: "+79031234567", email: null };

  it("refuses an address that is not the shopper's, one without a city, and a courier address out of the zone", () => {
    expect(codeOf(() => destination({ address: undefined }, "pickup"))).toBe("address_not_found");
    expect(codeOf(() => destination({ address: address({ city: null }) }, "courier"))).toBe(
      "delivery_city_unknown",
    );
    const petersburg = address({ latitude: 59.9386, longitude: 30.3141 });
    expect(codeOf(() => destination({ address: petersburg }, "courier"))).toBe("address_out_of_range");
    // A pickup point is where it is; an address saved without coordinates cannot be judged and is taken.
    expect(destination({ address: petersburg }, "pickup").city).toBe(moscow);
    expect(destination({ address: address({ latitude: null, longitude: null }) }, "courier").address.id).toBe(
      5,
    );
  });

  it("takes the saved recipient asked for, or the shopper with a full name and phone", () => {
    const anna = { surname: "Смирнова", name: "Анна", patronymic: null, phone: "+79161234567", email: null };
    expect(recipientOf({ recipient: anna, profile }, 3)).toBe(anna);
    expect(codeOf(() => recipientOf({ recipient: undefined, profile }, 3))).toBe("recipient_not_found");
    expect(recipientOf({ recipient: undefined, profile }, undefined)).toEqual(profile);
    expect(
      codeOf(() => recipientOf({ recipient: undefined, profile: { ...profile, phone: null } }, undefined)),
    ).toBe("recipient_required");
  });
});
