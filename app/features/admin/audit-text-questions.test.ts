import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_TEXT, auditDetailsText, auditTargetText } from "./audit-text.ts";
import { ADMIN_SECTIONS } from "./sections.ts";

// How answering and hiding a question read in the admin's audit log, and where operators find them (ADR 066).
describe("questions in the back office", () => {
  it("names the answer, hiding and showing again", () => {
    expect(AUDIT_ACTION_TEXT["question.answer"]).toBe("Ответ на вопрос о товаре");
    expect(AUDIT_ACTION_TEXT["question.hide"]).toBe("Вопрос скрыт");
    expect(AUDIT_ACTION_TEXT["question.show"]).toBe("Вопрос снова опубликован");
    expect(auditTargetText("product_question:12")).toBe("Вопрос 12");
    expect(auditDetailsText("question.answer", { productId: 7, as: "seller", length: 14 })).toBe(
      "Товар 7 · от имени продавца, 14 симв.",
    );
    expect(auditDetailsText("question.answer", { productId: 7, as: "shop", length: 3 })).toBe(
      "Товар 7 · от имени Витрины, 3 симв.",
    );
    expect(auditDetailsText("question.hide", { productId: 7, reason: "Спам" })).toBe("Товар 7 · «Спам»");
  });

  it("has a section for operators", () => {
    expect(ADMIN_SECTIONS).toContainEqual({ to: "/admin/questions", label: "Вопросы", role: "operator" });
  });
});
