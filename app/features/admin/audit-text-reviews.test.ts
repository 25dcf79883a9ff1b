import { describe, expect, it } from "vitest";
import { ADMIN_SECTIONS } from "./sections.ts";
import { AUDIT_ACTION_TEXT, auditDetailsText, auditTargetText } from "./audit-text.ts";

// How hiding a review reads in the admin's audit log, and where operators find reviews (ADR 060).
describe("reviews in the back office", () => {
  it("names hiding and showing again with the reason and the rating after it", () => {
    expect(AUDIT_ACTION_TEXT["review.hide"]).toBe("Отзыв скрыт");
    expect(AUDIT_ACTION_TEXT["review.show"]).toBe("Отзыв снова опубликован");
    expect(auditTargetText("review:12")).toBe("Отзыв 12");
    expect(
      auditDetailsText("review.hide", { productId: 7, reason: "Спам", rating: 4.5, reviewsCount: 2 }),
    ).toBe("Товар 7 · «Спам» · рейтинг 4.5, отзывов 2");
    expect(
      auditDetailsText("review.show", { productId: 7, reason: "Спам", rating: 4, reviewsCount: 3 }),
    ).toBe("Товар 7 · был скрыт: «Спам» · рейтинг 4, отзывов 3");
  });

  it("has a section for operators", () => {
    expect(ADMIN_SECTIONS).toContainEqual({ to: "/admin/reviews", label: "Отзывы", role: "operator" });
  });
});
