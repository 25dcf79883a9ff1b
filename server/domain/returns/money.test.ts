import { describe, expect, it } from "vitest";
import { pointsByParcel } from "#server/domain/orders/refund-split.ts";
import { type MoneyLine, pointsByLine, returnMoney } from "./money.ts";

const parcels = [
  { id: 1, deliveryTotal: 0 },
  { id: 2, deliveryTotal: 29_900 },
];
const lines: MoneyLine[] = [
  { id: 11, shipmentId: 1, price: 300_000, quantity: 1, cashbackPoints: 150 },
  { id: 21, shipmentId: 2, price: 50_000, quantity: 2, cashbackPoints: 50 },
];
const none = new Map<number, number>();

describe("returnMoney", () => {
  it("gives back a unit's goods less its part of the points, and its cashback", () => {
    // 400 points over 3,000 ₽ and 1,000 ₽ of goods: 300 and 100, the second parcel's line 50 a unit.
    const one = returnMoney({
      lines,
      parcels,
      bonusSpent: 400,
      returnedBefore: none,
      units: new Map([[21, 1]]),
      sellerFault: false,
    });
    expect(one).toMatchObject({ amount: 50_000 - 5_000, points: 50, cashback: 25, delivery: 0 });
    expect(one.shipmentIds).toEqual([2]);
  });

  it("gives a parcel's delivery back with its last unit, for a claim about the goods only", () => {
    const base = { lines, parcels, bonusSpent: 0, units: new Map([[21, 1]]) };
    const proper = returnMoney({ ...base, returnedBefore: new Map([[21, 1]]), sellerFault: false });
    expect(proper.delivery).toBe(0);
    const claimFirst = returnMoney({ ...base, returnedBefore: none, sellerFault: true });
    expect(claimFirst.delivery).toBe(0);
    const claimLast = returnMoney({ ...base, returnedBefore: new Map([[21, 1]]), sellerFault: true });
    expect(claimLast).toMatchObject({ amount: 50_000 + 29_900, delivery: 29_900, deliveryOf: [2] });
  });

  it("refuses more units than are left", () => {
    expect(() =>
      returnMoney({
        lines,
        parcels,
        bonusSpent: 0,
        returnedBefore: new Map([[21, 2]]),
        units: new Map([[21, 1]]),
        sellerFault: false,
      }),
    ).toThrow(RangeError);
  });

  it("returns, one unit at a time in any order, add up to exactly what was spent and paid", () => {
    for (let run = 0; run < 300; run += 1) {
      const parcelCount = 1 + (run % 3);
      const ps = Array.from({ length: parcelCount }, (_, i) => ({
        id: i + 1,
        deliveryTotal: (run + i) % 2 ? 19_900 : 0,
      }));
      const ls: MoneyLine[] = [];
      for (let i = 0; i < 1 + (run % 5); i += 1) {
        const quantity = 1 + ((run * 13 + i * 7) % 4);
        const price = 100 * (1 + ((run * 7919 + i * 104_729) % 30_000));
        ls.push({
          id: 100 + i,
          shipmentId: 1 + (i % parcelCount),
          price,
          quantity,
          cashbackPoints: Math.floor((price * quantity * ((run + i) % 10)) / 100 / 100),
        });
      }
      const used = ps.filter((p) => ls.some((l) => l.shipmentId === p.id));
      const goods = ls.reduce((s, l) => s + l.price * l.quantity, 0);
      const spent = Math.floor(((run * 31) % 100) * 0.005 * (goods / 100));
      // Units in a scrambled order, one return each.
      const units = ls.flatMap((l) => Array.from({ length: l.quantity }, () => l.id));
      units.sort((a, b) => ((a * 31 + run) % 7) - ((b * 31 + run) % 7));
      const before = new Map<number, number>();
      let amount = 0;
      let points = 0;
      let cashback = 0;
      for (const id of units) {
        const r = returnMoney({
          lines: ls,
          parcels: used,
          bonusSpent: spent,
          returnedBefore: before,
          units: new Map([[id, 1]]),
          sellerFault: run % 2 === 0,
        });
        expect(r.amount).toBeGreaterThanOrEqual(0);
        amount += r.amount;
        points += r.points;
        cashback += r.cashback;
        before.set(id, (before.get(id) ?? 0) + 1);
      }
      const delivery = run % 2 === 0 ? used.reduce((s, p) => s + p.deliveryTotal, 0) : 0;
      expect(points).toBe(spent);
      expect(amount).toBe(goods - spent * 100 + delivery);
      expect(cashback).toBe(ls.reduce((s, l) => s + l.cashbackPoints, 0));
    }
  });
});

describe("pointsByLine", () => {
  it("gives each parcel the share a cancellation would give back", () => {
    const shares = pointsByLine(lines, parcels, 401);
    const byParcel = pointsByParcel(
      [
        { id: 1, goods: 300_000, delivery: 0 },
        { id: 2, goods: 100_000, delivery: 29_900 },
      ],
      401,
    );
    expect(shares.get(11)).toBe(byParcel.get(1));
    expect(shares.get(21)).toBe(byParcel.get(2));
  });
});
