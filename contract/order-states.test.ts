import { describe, expect, it } from "vitest";
import {
  BEFORE_HANDOVER,
  canMoveOrder,
  canSummarise,
  canMovePayment,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  reachable,
  summaryStatus,
} from "./order-states.ts";

describe("the order's lifecycle (commerce.md's diagram)", () => {
  it("lists every status, and only statuses, in its table", () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const targets of Object.values(ORDER_TRANSITIONS)) {
      for (const to of targets) expect(ORDER_STATUSES).toContain(to);
    }
  });

  it("reaches every status from awaiting payment", () => {
    expect([...reachable(ORDER_TRANSITIONS, "awaiting_payment")].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it("goes forward along the diagram: paid → assembling → in delivery → ready for pickup → delivered", () => {
    expect(canMoveOrder("awaiting_payment", "paid")).toBe(true);
    expect(canMoveOrder("paid", "assembling")).toBe(true);
    expect(canMoveOrder("assembling", "in_delivery")).toBe(true);
    expect(canMoveOrder("in_delivery", "ready_for_pickup")).toBe(true);
    expect(canMoveOrder("in_delivery", "delivered")).toBe(true);
    expect(canMoveOrder("ready_for_pickup", "delivered")).toBe(true);
    expect(canMoveOrder("ready_for_pickup", "not_collected")).toBe(true);
  });

  it("never goes back, skips a step, or leaves a final status", () => {
    expect(canMoveOrder("paid", "awaiting_payment")).toBe(false);
    expect(canMoveOrder("awaiting_payment", "assembling")).toBe(false);
    expect(canMoveOrder("paid", "delivered")).toBe(false);
    expect(canMoveOrder("in_delivery", "assembling")).toBe(false);
    expect(canMoveOrder("in_delivery", "not_collected")).toBe(false);
    for (const final of ["delivered", "not_collected", "cancelled"] as const) {
      expect(ORDER_TRANSITIONS[final]).toEqual([]);
    }
  });

  it("can be cancelled exactly until the goods reach the shopper", () => {
    const cancellable = ORDER_STATUSES.filter((s) => canMoveOrder(s, "cancelled"));
    expect(cancellable).toEqual(["awaiting_payment", ...BEFORE_HANDOVER]);
  });
});

describe("the payment's lifecycle", () => {
  it("lists every status, and only statuses, in its table", () => {
    expect(Object.keys(PAYMENT_TRANSITIONS).sort()).toEqual([...PAYMENT_STATUSES].sort());
    for (const targets of Object.values(PAYMENT_TRANSITIONS)) {
      for (const to of targets) expect(PAYMENT_STATUSES).toContain(to);
    }
  });

  it("never cancels or rejects money taken: a confirmed payment only goes back as a refund", () => {
    expect(canMovePayment("confirmed", "cancelled")).toBe(false);
    expect(canMovePayment("confirmed", "rejected")).toBe(false);
    expect(canMovePayment("confirmed", "pending")).toBe(false);
    expect([...PAYMENT_TRANSITIONS.confirmed].sort()).toEqual([
      "partially_refunded",
      "refunded",
      "returning",
    ]);
  });

  it("ends for good once refunded", () => {
    expect(PAYMENT_TRANSITIONS.refunded).toEqual([]);
    expect(reachable(PAYMENT_TRANSITIONS, "refunded")).toEqual(new Set(["refunded"]));
  });

  it("gives back money taken late on a page taken as ended, and nothing else moves an ended page", () => {
    expect(PAYMENT_TRANSITIONS.rejected).toEqual(["returning"]);
    expect(PAYMENT_TRANSITIONS.cancelled).toEqual(["returning"]);
  });
});

describe("an order's status as the sum of its shipments", () => {
  it("is the least advanced live shipment's", () => {
    expect(summaryStatus(["in_delivery", "assembling"])).toBe("assembling");
    expect(summaryStatus(["ready_for_pickup", "delivered"])).toBe("ready_for_pickup");
    expect(summaryStatus(["paid"])).toBe("paid");
  });
  it("leaves cancelled shipments out, and is cancelled only when all are", () => {
    expect(summaryStatus(["cancelled", "in_delivery"])).toBe("in_delivery");
    expect(summaryStatus(["cancelled", "cancelled"])).toBe("cancelled");
  });
  it("ends delivered if any parcel reached the shopper, else not collected", () => {
    expect(summaryStatus(["delivered", "not_collected"])).toBe("delivered");
    expect(summaryStatus(["not_collected", "cancelled"])).toBe("not_collected");
  });
  it("may move several steps at once, but only forward along the table", () => {
    expect(canSummarise("paid", "in_delivery")).toBe(true);
    expect(canSummarise("assembling", "paid")).toBe(false);
    expect(canSummarise("delivered", "cancelled")).toBe(false);
    expect(canSummarise("paid", "paid")).toBe(false);
  });
});
