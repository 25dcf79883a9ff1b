import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_TEXT, auditDetailsText, auditTargetLink, auditTargetText } from "./audit-text.ts";

// How the refund queue's decisions read in the admin's audit log (issue 21, point 2; ADR 059).
describe("the audit log's lines for return requests", () => {
  it("names each decision and links the request's card", () => {
    expect(AUDIT_ACTION_TEXT["return.approve"]).toBe("Возврат одобрен");
    expect(AUDIT_ACTION_TEXT["return.reject"]).toBe("Возврат отклонён");
    expect(auditTargetText("return:12")).toBe("Возврат 12");
    expect(auditTargetLink("return:12")).toBe("/admin/refunds/12");
  });

  it("says the order and what went back, or the reason of the refusal", () => {
    expect(auditDetailsText("return.approve", { orderId: 7, amount: 95_000, points: 50 })).toBe(
      "Заказ 7; возврат 950\u00a0₽ и 50 баллов",
    );
    expect(auditDetailsText("return.approve", { orderId: 7, amount: 0, points: 150 })).toBe(
      "Заказ 7; возврат 150 баллов",
    );
    expect(auditDetailsText("return.reject", { orderId: 7, reason: "Следы использования" })).toBe(
      "Заказ 7 · «Следы использования»",
    );
  });
});
