import { describe, expect, it } from "vitest";
import { mergeBasketLines } from "./basket-lines.ts";
import type { BasketLineRow } from "./repository.ts";

const t = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
const line = (productId: number, quantity: number, extra: Partial<BasketLineRow> = {}): BasketLineRow => ({
  productId,
  quantity,
  selected: true,
  priceWhenAdded: 10_000,
  addedAt: t(0),
  updatedAt: t(0),
  ...extra,
});
const limits = (...rows: [id: number, stock: number, orderLimit?: number][]) =>
  rows.map(([id, stock, orderLimit]) => ({ id, stock, orderLimit: orderLimit ?? null }));
const now = t(59);

describe("mergeBasketLines", () => {
  it("adds the quantities of a product in both, keeping the user's price and the earlier date", () => {
    const merged = mergeBasketLines(
      [line(1, 2, { priceWhenAdded: 9_000, addedAt: t(10) })],
      [line(1, 3, { priceWhenAdded: 12_000, addedAt: t(5) })],
      limits([1, 50]),
      100,
      now,
    );
    expect(merged).toEqual([line(1, 5, { priceWhenAdded: 9_000, addedAt: t(5), updatedAt: now })]);
  });

  it("caps a quantity by stock, per-order limit and basket_max_items, but never below one", () => {
    const merged = mergeBasketLines(
      [line(1, 4), line(2, 1)],
      [line(1, 4), line(2, 5), line(3, 300), line(4, 2)],
      limits([1, 6], [2, 100, 3], [3, 1000], [4, 0]),
      100,
      now,
    );
    expect(merged.map((l) => [l.productId, l.quantity])).toEqual([
      [1, 6],
      [2, 3],
      [3, 100],
      [4, 1],
    ]);
  });

  it("keeps a line selected when either side had it selected; a new line keeps its own choice", () => {
    const merged = mergeBasketLines(
      [line(1, 1, { selected: false }), line(2, 1, { selected: false })],
      [line(1, 1, { selected: true }), line(2, 1, { selected: false }), line(3, 1, { selected: false })],
      limits([1, 9], [2, 9], [3, 9]),
      100,
      now,
    );
    expect(merged.map((l) => [l.productId, l.selected])).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
  });

  it("adds new products newest first while the basket has room, and skips products gone from the catalogue", () => {
    const merged = mergeBasketLines(
      [line(1, 1), line(2, 1)],
      [
        line(3, 1, { updatedAt: t(1) }),
        line(4, 1, { updatedAt: t(30) }),
        line(5, 1, { updatedAt: t(20) }),
        line(9, 1),
      ],
      limits([3, 9], [4, 9], [5, 9]),
      3,
      now,
    );
    expect(merged.map((l) => l.productId)).toEqual([4]);
  });
});
