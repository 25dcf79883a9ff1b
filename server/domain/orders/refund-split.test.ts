import { describe, expect, it } from "vitest";
import { parcelMoney, pointsByParcel } from "./refund-split.ts";

describe("pointsByParcel", () => {
  it("shares points by goods, the largest remainder taking the odd point", () => {
    const parcels = [
      { id: 1, goods: 100_000, delivery: 0 },
      { id: 2, goods: 200_000, delivery: 9_900 },
    ];
    expect([...pointsByParcel(parcels, 100)]).toEqual([
      [1, 33],
      [2, 67],
    ]);
    expect([...pointsByParcel(parcels, 0)]).toEqual([
      [1, 0],
      [2, 0],
    ]);
  });

  it("always adds up to the points spent, and the parcels' money to what the card paid", () => {
    for (let run = 0; run < 500; run += 1) {
      const parcels = Array.from({ length: 1 + (run % 4) }, (_, i) => ({
        id: i + 1,
        goods: 100 * (1 + ((run * 7919 + i * 104_729) % 50_000)),
        delivery: ((run + i) % 3) * 9_900,
      }));
      const goods = parcels.reduce((s, p) => s + p.goods, 0);
      const delivery = parcels.reduce((s, p) => s + p.delivery, 0);
      const spent = Math.floor(((run * 31) % 100) * 0.003 * (goods / 100));
      const shares = pointsByParcel(parcels, spent);
      expect([...shares.values()].reduce((s, n) => s + n, 0)).toBe(spent);
      const money = parcels.reduce((s, p) => s + parcelMoney(p, shares.get(p.id)!), 0);
      expect(money).toBe(goods + delivery - spent * 100);
    }
  });

  it("refuses a share larger than the parcel's goods", () => {
    expect(() => parcelMoney({ id: 1, goods: 50, delivery: 0 }, 1)).toThrow(RangeError);
  });
});
