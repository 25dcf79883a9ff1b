import { describe, expect, it } from "vitest";
import { sectionOf } from "./sections.ts";

describe("sectionOf", () => {
  it("finds a list's section, and a card's by the list it belongs to", () => {
    expect(sectionOf("/admin/support").label).toBe("Обращения");
    expect(sectionOf("/admin/support/999999").label).toBe("Обращения");
    expect(sectionOf("/admin/refunds/NaN").to).toBe("/admin/refunds");
    expect(sectionOf("/admin/products/abc/photos").to).toBe("/admin/products");
    expect(sectionOf("/admin/orders/12").to).toBe("/admin");
    expect(sectionOf("/admin/stock/").label).toBe("Склад");
  });

  it("takes the orders for the back office's root or an address of no section", () => {
    expect(sectionOf("/admin").label).toBe("Заказы");
    expect(sectionOf("/admin/nothing-here").label).toBe("Заказы");
    // A section's name as a prefix of another word is not that section.
    expect(sectionOf("/admin/smsx").label).toBe("Заказы");
  });
});
