import { describe, expect, it } from "vitest";
import { auditDetailsText, auditTargetLink, auditTargetText } from "./audit-text.ts";

// How the operations screens' actions read in the admin's audit log (issue 20, points 9, 10).
describe("the audit log's lines for stock and payment problems", () => {
  it("says what a stock change did and why", () => {
    expect(
      auditDetailsText("stock.adjust", {
        before: { onHand: 4, reserved: 1, available: 3 },
        after: { onHand: 1, reserved: 1, available: 0 },
        set: 1,
        reason: "Пересчёт",
      }),
    ).toBe("На складе 4 → 1 шт., к продаже 3 → 0 · «Пересчёт»");
    expect(auditTargetText("product:5")).toBe("Товар 5");
    expect(auditTargetLink("product:5")).toBe("/admin/stock?q=5");
  });

  it("says which payment a problem was about, and the note or the job", () => {
    expect(
      auditDetailsText("payment_problem.resolve", {
        orderId: 7,
        paymentId: 9,
        kind: "partial_refund",
        note: "Вернули",
      }),
    ).toBe("Заказ 7, платёж 9 · «Вернули»");
    expect(
      auditDetailsText("payment_problem.retry", {
        orderId: 7,
        paymentId: 9,
        job: "return-payment",
        jobId: 3,
      }),
    ).toBe("Заказ 7, платёж 9 · задача return-payment");
    expect(auditTargetText("payment_problem:3")).toBe("Проблемный платёж 3");
    expect(auditTargetLink("payment_problem:3")).toBeUndefined();
    expect(auditTargetLink("order:7")).toBe("/admin/orders/7");
  });
});
