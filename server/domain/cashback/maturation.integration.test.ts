import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cashbackAvailableAt } from "#contract/return-window.ts";
import { createServices, type Services } from "#server/composition/services.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { createBonusRepository } from "#server/domain/bonus/repository.ts";
import { createJobRunner } from "#server/jobs/runner.ts";
import { createLogger } from "#server/logger.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { setCashbackDue } from "#tests/fixtures/after-sale-data.ts";
import { orderRow, removeOrderData } from "#tests/fixtures/order-data.ts";
import {
  deliveredAtOf,
  ledgerOfKind,
  paidPointsOrder,
  reverseCashback,
  secondInstanceDatabase,
} from "#tests/fixtures/order-sms-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { cashbackJobs } from "./maturation.ts";

// Cashback that matures (issue 20, point 6; ADR 055): pending from payment, spendable the day after the
// return window of the delivered order closes, moved by a job exactly once with several instances. On
// PostgreSQL the two instances have a connection pool each; on PGlite they share the one session.

let database: DatabaseHandle;
let second: DatabaseHandle;
let services: Services;
let otherInstance: Services;

beforeAll(async () => {
  database = (await getTestContext()).database;
  second = await secondInstanceDatabase(database);
  services = createServices(database.db);
  otherInstance = createServices(second.db);
});

afterAll(async () => {
  await second.close();
  await removeOrderData(database.db);
});

const PAST = () => new Date(Date.now() - 1_000);

/** A courier order paid with points (75 points of cashback pending), delivered by an operator. */
async function deliveredOrder(options: { cashbackPercent?: number } = {}) {
  const paid = await paidPointsOrder(database.db, "courier", options);
  const staff = await createSession(database.db, { user: { roles: ["shopper", "operator"] } });
  for (const to of ["assembling", "in_delivery", "delivered"] as const) {
    await services.orders.moveShipment(
      { userId: staff.userId, address: null },
      paid.order.id,
      paid.shipmentId,
      to,
    );
  }
  return paid;
}

/** The shopper's account and the ledger's own sums, which must agree. */
async function accountOf(userId: number) {
  const account = await services.orders.balance(userId);
  expect(await createBonusRepository(database.db).ledgerSums(userId)).toEqual(account);
  return account;
}

describe("the cashback maturation job", () => {
  it("dates the cashback the day after the return window of the delivery", async () => {
    const { order, shipmentId } = await deliveredOrder();
    const row = await orderRow(database.db, order.id);
    expect(row.status).toBe("delivered");
    expect(row.cashbackDueAt?.toISOString()).toBe(
      cashbackAvailableAt((await deliveredAtOf(database.db, shipmentId))!).toISOString(),
    );
    // Fourteen full days at least: nothing is released before then.
    expect(row.cashbackDueAt!.getTime() - Date.now()).toBeGreaterThan(14 * 86_400_000);
    expect(await services.cashback.release(order.id)).toBe(0);
    expect(await ledgerOfKind(database.db, order.id, "cashback_release")).toEqual([]);
  });

  it("gives an order without cashback no date", async () => {
    const { order } = await deliveredOrder({ cashbackPercent: 0 });
    expect((await orderRow(database.db, order.id)).cashbackDueAt).toBeNull();
  });

  it("moves the cashback to the balance once when two instances run it at the same moment", async () => {
    const { shopper, order } = await deliveredOrder();
    const before = await accountOf(shopper.userId);
    expect(before).toEqual({ balance: 3_500, pending: 75 });
    await setCashbackDue(database.db, order.id, PAST());

    // Two instances' jobs, and each instance's direct release of the order, all at once.
    const [dueA, dueB, pointsA, pointsB] = await Promise.all([
      services.cashback.releaseDue(),
      otherInstance.cashback.releaseDue(),
      services.cashback.release(order.id),
      otherInstance.cashback.release(order.id),
    ]);
    const releasedBy = [dueA, dueB, pointsA > 0 ? 1 : 0, pointsB > 0 ? 1 : 0];
    expect(releasedBy.reduce((a, b) => a + b, 0)).toBe(1);
    expect([pointsA, pointsB].filter((p) => p > 0).every((p) => p === 75)).toBe(true);

    expect(await ledgerOfKind(database.db, order.id, "cashback_release")).toEqual([
      { bucket: "pending", amount: -75, operationKey: `order:${order.id}:cashback:release:pending` },
      { bucket: "available", amount: 75, operationKey: `order:${order.id}:cashback:release:available` },
    ]);
    expect(await accountOf(shopper.userId)).toEqual({ balance: 3_575, pending: 0 });
    expect((await orderRow(database.db, order.id)).cashbackDueAt).toBeNull();

    // Run again, here and there, with the date set again by mistake: nothing moves twice.
    await setCashbackDue(database.db, order.id, PAST());
    expect(await Promise.all([services.cashback.releaseDue(), otherInstance.cashback.releaseDue()])).toEqual([
      0, 0,
    ]);
    expect(await ledgerOfKind(database.db, order.id, "cashback_release")).toHaveLength(2);
    expect(await accountOf(shopper.userId)).toEqual({ balance: 3_575, pending: 0 });
  });

  it("leaves reversed cashback alone: a cancelled order releases nothing", async () => {
    const { shopper, order } = await paidPointsOrder(database.db, "pickup");
    expect(await accountOf(shopper.userId)).toEqual({ balance: 3_500, pending: 75 });
    await reverseCashback(database.db, order.id);
    await setCashbackDue(database.db, order.id, PAST());
    await Promise.all([services.cashback.releaseDue(), otherInstance.cashback.releaseDue()]);
    expect(await ledgerOfKind(database.db, order.id, "cashback_release")).toEqual([]);
    expect(await accountOf(shopper.userId)).toEqual({ balance: 3_500, pending: 0 });
    // The date is gone: the job does not look at the order again.
    expect((await orderRow(database.db, order.id)).cashbackDueAt).toBeNull();
  });

  it("runs on its schedule on two job runners, once", async () => {
    const { shopper, order } = await deliveredOrder();
    await setCashbackDue(database.db, order.id, PAST());
    const logger = createLogger("silent");
    const runners = [
      createJobRunner({ db: database.db, logger, handlers: cashbackJobs(services) }),
      createJobRunner({ db: second.db, logger, handlers: cashbackJobs(otherInstance) }),
    ];
    await Promise.all(runners.map((r) => r.poll()));
    await Promise.all(runners.map((r) => r.idle()));
    expect(await ledgerOfKind(database.db, order.id, "cashback_release")).toHaveLength(2);
    expect(await accountOf(shopper.userId)).toEqual({ balance: 3_575, pending: 0 });
  });
});
