import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_TEXT, auditDetailsText, auditTargetText } from "./audit-text.ts";

// How photo and banner changes read in the admin's audit log (issue 22; ADR 067).
describe("the audit log's lines for photos and banners", () => {
  it("names each action in Russian", () => {
    for (const action of [
      "product.photos",
      "banner.create",
      "banner.update",
      "banner.delete",
      "banner.order",
    ])
      expect(AUDIT_ACTION_TEXT[action], action).toMatch(/^[А-Я]/);
  });

  it("says how many photos there were and are, and what a banner is", () => {
    expect(auditDetailsText("product.photos", { before: ["a", "b"], after: ["c"] })).toBe("Фото: 2 → 1");
    expect(
      auditDetailsText("banner.update", {
        title: "Скидки",
        link: "/catalog",
        theme: "halva",
        isActive: false,
        wasActive: true,
      }),
    ).toBe("«Скидки» → /catalog · Халва · выключен");
    expect(auditDetailsText("banner.create", { title: "Скидки", link: "/catalog", theme: null })).toBe(
      "«Скидки» → /catalog · обе темы",
    );
    expect(auditTargetText("banner:3")).toBe("Баннер 3");
  });
});
