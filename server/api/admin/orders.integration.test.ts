import { afterAll, describe, expect, it } from "vitest";
import { addDays, localDateTime } from "#contract/delivery-dates.ts";
import type { Order } from "#contract/orders.ts";
import type { StaffOrderCard } from "#contract/staff.ts";
import { callApi, readJson } from "#tests/fixtures/api-call.ts";
import {
  checkoutKey,
  expectedLinesOf,
  removeOrderData,
  scratchProduct,
  shopperWithBasket,
} from "#tests/fixtures/order-data.ts";
import { auditRowsOf } from "#tests/fixtures/staff-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { createSession } from "#tests/factories/sessions.ts";

// Operators moving shipments towards the shopper (issue 20, point 2; ADR 053).

afterAll(async () => {
  const { database } = await getTestContext();
  await removeOrderData(database.db);
});

type Card = StaffOrderCard;

/** A shopper's order of one product, paid fully with points (no acquirer needed), by pickup or courier. */
async function paidOrder(deliveryType: "pickup" | "courier", sellerId?: number) {
  const { database } = await getTestContext();
  const product = await scratchProduct(database.db, {
    stock: 3,
    price: 150_000,
    ...(sellerId ? { sellerId } : {}),
  });
  const shopper = await shopperWithBasket(database.db, [{ productId: product.id, quantity: 1 }], {
    points: 5_000,
  });
  const body = {
    checkoutKey: checkoutKey(),
    ...(await expectedLinesOf(database.db, shopper.userId)),
    deliveryType,
    addressId: deliveryType === "pickup" ? shopper.pickupAddressId : shopper.courierAddressId,
    ...(deliveryType === "courier"
      ? { slot: { date: addDays(localDateTime(new Date(), "Europe/Moscow").date, 6), startsHour: 12 } }
      : {}),
  };
  const order = await readJson<Order>(
    await callApi("/api/v1/orders", { method: "POST", cookie: shopper.cookie, body }),
    201,
  );
  // Points pay the goods; a courier order's delivery would need a card, so it is over the free threshold.
  const paid = await callApi(`/api/v1/orders/${order.id}/payments`, {
    method: "POST",
    cookie: shopper.cookie,
    body: { method: "card", bonusPoints: order.goodsTotal / 100 },
  });
  expect(await readJson(paid)).toMatchObject({ kind: "paid" });
  return { shopper, order, shipmentId: order.shipments[0]!.id };
}

const operator = async () =>
  createSession((await getTestContext()).database.db, { user: { roles: ["shopper", "operator"] } });

const move = (cookie: string, orderId: number, shipmentId: number, to: string) =>
  callApi(`/api/v1/admin/orders/${orderId}/shipments/${shipmentId}/moves`, {
    method: "POST",
    cookie,
    body: { to },
  });

describe("an operator moving a pickup order to the shopper", () => {
  it("goes paid → assembling → in delivery → ready for pickup → delivered, each in the timeline and the audit log", async () => {
    const { database } = await getTestContext();
    const staff = await operator();
    const { shopper, order, shipmentId } = await paidOrder("pickup");
    for (const to of ["assembling", "in_delivery", "ready_for_pickup"]) {
      const card = await readJson<Card>(await move(staff.cookie, order.id, shipmentId, to));
      expect(card.order.status).toBe(to);
      expect(card.order.shipments[0]!.status).toBe(to);
    }
    // The shopper sees the storage deadline and the code while the parcel waits.
    const waiting = await readJson<Order>(
      await callApi(`/api/v1/orders/${order.id}`, { cookie: shopper.cookie }),
    );
    expect(waiting.statusText).toBe("Ждёт в пункте выдачи");
    expect(waiting.shipments[0]!.pickupCode).toMatch(/^\d{6}$/);
    expect(waiting.shipments[0]!.storageUntil! > localDateTime(new Date(), "Europe/Moscow").date).toBe(true);

    const done = await readJson<Card>(await move(staff.cookie, order.id, shipmentId, "delivered"));
    expect(done.order.status).toBe("delivered");
    expect(done.order.shipments[0]!.pickupCode).toBeNull();
    expect(done.order.timeline.map((e) => e.status)).toEqual([
      "awaiting_payment",
      "paid",
      "assembling",
      "in_delivery",
      "ready_for_pickup",
      "delivered",
    ]);
    // The back office's history names who made each change; the shopper's never names staff.
    const [placed, , ...moves] = done.history;
    expect(placed).toMatchObject({ statusText: "Оформлен", actor: "Покупатель" });
    expect(moves.map((e) => e.statusText)).toEqual([
      "Собирается",
      "В доставке",
      "Ждёт в пункте выдачи",
      "Получен",
    ]);
    const staffName = moves[0]!.actor;
    expect(staffName).not.toMatch(/^(Покупатель|Банк|Автоматически)$/);
    expect(moves.every((e) => e.actor === staffName)).toBe(true);
    const shoppers = await callApi(`/api/v1/orders/${order.id}`, { cookie: shopper.cookie });
    expect(await shoppers.text()).not.toContain(staffName);

    const audit = await auditRowsOf(database.db, `order:${order.id}`);
    expect(audit.map((a) => [a.action, a.actorUserId, (a.details as { to: string }).to])).toEqual([
      ["order.transition", staff.userId, "assembling"],
      ["order.transition", staff.userId, "in_delivery"],
      ["order.transition", staff.userId, "ready_for_pickup"],
      ["order.transition", staff.userId, "delivered"],
    ]);
  });

  it("refuses every move off the table or the delivery type's way, changing nothing", async () => {
    const staff = await operator();
    const pickup = await paidOrder("pickup");
    const refusals: [string, number][] = [];
    for (const to of [
      "delivered",
      "in_delivery",
      "ready_for_pickup",
      "awaiting_payment",
      "not_collected",
      "cancelled",
    ]) {
      refusals.push([to, (await move(staff.cookie, pickup.order.id, pickup.shipmentId, to)).status]);
    }
    expect(refusals.every(([, status]) => status === 409)).toBe(true);
    await readJson(await move(staff.cookie, pickup.order.id, pickup.shipmentId, "assembling"));
    await readJson(await move(staff.cookie, pickup.order.id, pickup.shipmentId, "in_delivery"));
    // A pickup parcel waits at the point before it is handed over.
    const skip = await move(staff.cookie, pickup.order.id, pickup.shipmentId, "delivered");
    expect(await readJson(skip, 409)).toMatchObject({
      code: "transition_not_allowed",
      message: "Отправление нельзя перевести из статуса «В доставке» в «Получен»",
    });

    const courier = await paidOrder("courier");
    await readJson(await move(staff.cookie, courier.order.id, courier.shipmentId, "assembling"));
    await readJson(await move(staff.cookie, courier.order.id, courier.shipmentId, "in_delivery"));
    expect((await move(staff.cookie, courier.order.id, courier.shipmentId, "ready_for_pickup")).status).toBe(
      409,
    );
    await readJson(await move(staff.cookie, courier.order.id, courier.shipmentId, "delivered"));

    expect((await move(staff.cookie, pickup.order.id, courier.shipmentId, "delivered")).status).toBe(404);
  });

  it("lets one of two operators racing on the same parcel move it", async () => {
    const [first, second] = [await operator(), await operator()];
    const { order, shipmentId } = await paidOrder("pickup");
    const answers = await Promise.all(
      [first, second].map((s) => move(s.cookie, order.id, shipmentId, "assembling")),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});

describe("the back office's order list", () => {
  it("finds orders by status, number and the shopper's phone, newest first, paged", async () => {
    const staff = await operator();
    const a = await paidOrder("pickup");
    const b = await paidOrder("pickup");
    const byNumber = await readJson<{ items: { id: number; phone: string }[] }>(
      await callApi(`/api/v1/admin/orders?number=${b.order.number}`, { cookie: staff.cookie }),
    );
    expect(byNumber.items.map((i) => i.id)).toEqual([b.order.id]);
    // Paid with points, it is still worth its goods: the list shows that, not the nothing left to pay.
    expect(byNumber.items[0]).toMatchObject({ toPay: 0, total: b.order.goodsTotal + b.order.deliveryTotal });
    const phone = (
      await readJson<Card>(await callApi(`/api/v1/admin/orders/${a.order.id}`, { cookie: staff.cookie }))
    ).order.recipient.phone;
    expect(phone).toMatch(/^\+7/);
    const paid = await readJson<{ items: { id: number; status: string }[]; next: number | null }>(
      await callApi("/api/v1/admin/orders?status=paid&limit=1", { cookie: staff.cookie }),
    );
    expect(paid.items).toHaveLength(1);
    expect(paid.items[0]!.status).toBe("paid");
    const next = await readJson<{ items: { id: number }[] }>(
      await callApi(`/api/v1/admin/orders?status=paid&limit=1&before=${paid.next}`, { cookie: staff.cookie }),
    );
    expect(next.items[0]!.id).toBeLessThan(paid.items[0]!.id);
    const tooMany = await callApi("/api/v1/admin/orders?limit=500", { cookie: staff.cookie });
    expect(await readJson(tooMany, 400)).toMatchObject({
      fields: [{ field: "query.limit", message: "Размер страницы — целое число от 1 до 200" }],
    });
    const bad = await callApi("/api/v1/admin/orders?number=12345", { cookie: staff.cookie });
    expect(await readJson(bad, 400)).toMatchObject({
      fields: [{ field: "query.number", message: "Номер заказа — восемь цифр через дефис: 1234-5678" }],
    });
  });
});

describe("the order list's seller filter", () => {
  type Seller = { id: number; code: string; name: string };
  const ids = async (cookie: string, query: string) =>
    (
      await readJson<{ items: { id: number }[] }>(await callApi(`/api/v1/admin/orders?${query}`, { cookie }))
    ).items.map((i) => i.id);

  it("finds the orders with a parcel of the seller, by its id or code, among the sellers it lists", async () => {
    const staff = await operator();
    const { items: sellers } = await readJson<{ items: Seller[] }>(
      await callApi("/api/v1/admin/sellers", { cookie: staff.cookie }),
    );
    expect(sellers.length).toBeGreaterThan(1);
    const a = await paidOrder("pickup");
    const sellerA = sellers.find((s) => s.id === a.order.shipments[0]!.seller.id)!;
    const sellerB = sellers.find((s) => s.id !== sellerA.id)!;
    const b = await paidOrder("pickup", sellerB.id);
    expect(b.order.shipments[0]!.seller.id).toBe(sellerB.id);

    const ofA = await ids(staff.cookie, `seller=${sellerA.id}&limit=200`);
    expect(ofA).toContain(a.order.id);
    expect(ofA).not.toContain(b.order.id);
    expect(await ids(staff.cookie, `seller=${sellerB.code}&limit=200`)).toContain(b.order.id);
    expect(await ids(staff.cookie, `seller=${sellerB.code}&number=${a.order.number}`)).toEqual([]);
    expect(await ids(staff.cookie, `seller=${sellerA.code}&number=${a.order.number}`)).toEqual([a.order.id]);
    // Every order the filter returns has a parcel of that seller.
    for (const id of ofA.slice(0, 5)) {
      const card = await readJson<Card>(
        await callApi(`/api/v1/admin/orders/${id}`, { cookie: staff.cookie }),
      );
      expect(card.order.shipments.map((s) => s.seller.id)).toContain(sellerA.id);
    }
    expect(await ids(staff.cookie, "seller=no-such-seller")).toEqual([]);
    const bad = await callApi("/api/v1/admin/orders?seller=%D0%B0%20b", { cookie: staff.cookie });
    expect(await readJson(bad, 400)).toMatchObject({
      fields: [{ field: "query.seller", message: "Продавец — его номер или код из латинских букв и цифр" }],
    });
  });
});

describe("the order card's internal notes", () => {
  const note = (cookie: string, orderId: number, text: unknown) =>
    callApi(`/api/v1/admin/orders/${orderId}/notes`, { method: "POST", cookie, body: { text } });

  it("adds a note to the card, audited, never shown to the shopper", async () => {
    const { database } = await getTestContext();
    const staff = await operator();
    const { shopper, order } = await paidOrder("pickup");
    const text = "Покупатель просил позвонить перед доставкой — секретная пометка";
    const card = await readJson<Card>(await note(staff.cookie, order.id, `  ${text}\n`));
    expect(card.notes).toEqual([
      expect.objectContaining({ text, authorUserId: staff.userId, author: expect.stringMatching(/\S/) }),
    ]);
    await readJson(await note(staff.cookie, order.id, "Вторая"));
    const again = await readJson<Card>(
      await callApi(`/api/v1/admin/orders/${order.id}`, { cookie: staff.cookie }),
    );
    expect(again.notes.map((n) => n.text)).toEqual([text, "Вторая"]);
    // The card names the shopper and lists the payment attempts (points paid this one: no card payment).
    expect(again.shopper.phone).toMatch(/^\+7\d{10}$/);
    expect(again.userId).toBe(shopper.userId);
    expect(Array.isArray(again.payments)).toBe(true);

    const audit = await auditRowsOf(database.db, `order:${order.id}`);
    expect(audit.map((a) => [a.action, a.actorUserId, (a.details as { text: string }).text])).toEqual([
      ["order.note", staff.userId, text],
      ["order.note", staff.userId, "Вторая"],
    ]);

    const shoppers = await callApi(`/api/v1/orders/${order.id}`, { cookie: shopper.cookie });
    const body = await shoppers.text();
    expect(shoppers.status).toBe(200);
    expect(body).not.toContain("секретная пометка");
    expect(JSON.parse(body)).not.toHaveProperty("notes");
    const list = await callApi("/api/v1/orders?tab=active", { cookie: shopper.cookie });
    expect(await list.text()).not.toContain("секретная пометка");
  });

  it("refuses an empty or too long note in Russian, and a note on an order that does not exist", async () => {
    const staff = await operator();
    const { order } = await paidOrder("pickup");
    const message = "Заметка — от 1 до 2000 символов";
    for (const text of ["   ", "я".repeat(2001), 42]) {
      expect(await readJson(await note(staff.cookie, order.id, text), 400)).toMatchObject({
        fields: [{ field: "body.text", message }],
      });
    }
    await readJson(await note(staff.cookie, order.id, "я".repeat(2000)));
    expect(await readJson(await note(staff.cookie, 999_999_999, "Нет такого"), 404)).toMatchObject({
      code: "order_not_found",
    });
  });
});
