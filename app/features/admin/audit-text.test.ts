import { describe, expect, it } from "vitest";
import { auditDetailsText, auditTargetLink, auditTargetText } from "./audit-text.ts";

describe("the audit log's lines", () => {
  it("says each known action's details in Russian", () => {
    expect(auditDetailsText("order.transition", { shipmentId: 7, from: "paid", to: "assembling" })).toBe(
      "Отправление 7: Оплачен → Собирается",
    );
    expect(
      auditDetailsText("order.cancel", {
        shipmentIds: [7, 8],
        reason: "shopper_request",
        reasonText: "По просьбе покупателя",
        refund: { amount: 150_000, points: 150 },
      }),
    ).toBe("По просьбе покупателя, отправления 7, 8; возврат 1\u00a0500\u00a0₽ и 150 баллов");
    expect(auditDetailsText("staff.grant", { phone: "+79000000003", role: "operator" })).toBe(
      "+79000000003 · Оператор",
    );
    expect(auditDetailsText("order.note", { noteId: 1, text: "Позвонить" })).toBe("«Позвонить»");
  });

  it("lists an unknown action's details as they are, never dropping them", () => {
    expect(auditDetailsText("something.new", { a: 1, b: { c: 2 } })).toBe('a: 1, b: {"c":2}');
  });

  it("names targets and links orders to their cards", () => {
    expect(auditTargetText("order:7")).toBe("Заказ 7");
    expect(auditTargetText("product:5")).toBe("Товар 5");
    expect(auditTargetText("cli")).toBe("cli");
    expect(auditTargetLink("order:7")).toBe("/admin/orders/7");
    expect(auditTargetLink("user:7")).toBeUndefined();
    // Stock changes and payment problems: audit-text-operations.test.ts.
  });
});
