import { afterAll, describe, expect, it } from "vitest";
import { addDays, localDateTime } from "#contract/delivery-dates.ts";
import { canMoveOrder, ORDER_STATUSES, type OrderStatus } from "#contract/order-states.ts";
import type { Order } from "#contract/orders.ts";
import { callApi, readJson } from "#tests/fixtures/api-call.ts";
import { setShipment } from "#tests/fixtures/cancellation-data.ts";
import {
  checkoutKey,
  expectedLinesOf,
  removeOrderData,
  scratchProduct,
  setOrderStatus,
  shopperWithBasket,
} from "#tests/fixtures/order-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { createSession } from "#tests/factories/sessions.ts";

// Every move an operator may ask for, from every status, for both ways of delivery (issue 20, point 2;
// ADR 053): exactly the table's forward moves that fit the delivery type pass; everything else is 409 and
// changes nothing. Cancelling is not a move (ADR 054).

afterAll(async () => {
  const { database } = await getTestContext();
  await removeOrderData(database.db);
});

const MOVES: readonly OrderStatus[] = ["assembling", "in_delivery", "ready_for_pickup", "delivered"];

function allowed(type: "pickup" | "courier", from: OrderStatus, to: OrderStatus): boolean {
  if (!MOVES.includes(to) || !canMoveOrder(from, to)) return false;
  if (to === "ready_for_pickup") return type === "pickup";
  if (to === "delivered" && from === "in_delivery") return type === "courier";
  return true;
}

/** A paid order of one product (points pay the goods; a courier order's delivery is free over its threshold). */
async function paidOrder(type: "pickup" | "courier") {
  const { database } = await getTestContext();
  const product = await scratchProduct(database.db, { stock: 3, price: 150_000 });
  const shopper = await shopperWithBasket(database.db, [{ productId: product.id, quantity: 1 }], {
    points: 5_000,
  });
  const body = {
    checkoutKey: checkoutKey(),
    ...(await expectedLinesOf(database.db, shopper.userId)),
    deliveryType: type,
    addressId: type === "pickup" ? shopper.pickupAddressId : shopper.courierAddressId,
    ...(type === "courier"
      ? { slot: { date: addDays(localDateTime(new Date(), "Europe/Moscow").date, 6), startsHour: 12 } }
      : {}),
  };
  const order = await readJson<Order>(
    await callApi("/api/v1/orders", { method: "POST", cookie: shopper.cookie, body }),
    201,
  );
  await readJson(
    await callApi(`/api/v1/orders/${order.id}/payments`, {
      method: "POST",
      cookie: shopper.cookie,
      body: { method: "card", bonusPoints: order.goodsTotal / 100 },
    }),
  );
  return { order, shipmentId: order.shipments[0]!.id };
}

describe("an operator's moves, every pair of statuses", () => {
  for (const type of ["pickup", "courier"] as const) {
    it(`${type}: the table's forward moves that fit pass, all others are refused`, async () => {
      const { database } = await getTestContext();
      const staff = await createSession(database.db, { user: { roles: ["shopper", "operator"] } });
      const { order, shipmentId } = await paidOrder(type);
      const seen: string[] = [];
      const expected: string[] = [];
      for (const from of ORDER_STATUSES) {
        for (const to of ORDER_STATUSES) {
          await setOrderStatus(database.db, order.id, from);
          await setShipment(database.db, shipmentId, from);
          const res = await callApi(`/api/v1/admin/orders/${order.id}/shipments/${shipmentId}/moves`, {
            method: "POST",
            cookie: staff.cookie,
            body: { to },
          });
          const card = (await res.json()) as { order?: Order; code?: string };
          const after = res.status === 200 ? card.order!.shipments[0]!.status : from;
          seen.push(`${from}→${to}: ${res.status} ${after}${res.status === 409 ? ` ${card.code}` : ""}`);
          expected.push(
            allowed(type, from, to)
              ? `${from}→${to}: 200 ${to}`
              : `${from}→${to}: 409 ${from} transition_not_allowed`,
          );
        }
      }
      expect(seen).toEqual(expected);
      // The passing ones are exactly these (a reader's check of the table above).
      expect(expected.filter((line) => line.includes(": 200"))).toEqual(
        type === "pickup"
          ? [
              "paid→assembling: 200 assembling",
              "assembling→in_delivery: 200 in_delivery",
              "in_delivery→ready_for_pickup: 200 ready_for_pickup",
              "ready_for_pickup→delivered: 200 delivered",
            ]
          : [
              "paid→assembling: 200 assembling",
              "assembling→in_delivery: 200 in_delivery",
              "in_delivery→delivered: 200 delivered",
              "ready_for_pickup→delivered: 200 delivered",
            ],
      );
    });
  }
});
