import { describe, expect, it } from "vitest";
import { renderBrandLogo, renderProductImage } from "./images.ts";
import { wrapText } from "./svg.ts";

const subject = {
  productId: 1,
  position: 0,
  name: "Смартфон Samsung Galaxy A55 8/256 ГБ, синий",
  category: "Смартфоны",
  brand: "Samsung",
};

describe("renderProductImage", () => {
  it("draws a complete picture for every product (no missing shape)", () => {
    for (let productId = 1; productId <= 2000; productId++) {
      const svg = renderProductImage({ ...subject, productId });
      expect(svg).not.toContain("undefined");
      expect(svg).toMatch(/fill="url\(#obj\)"><(rect|circle|path)/);
    }
  });

  it("differs between products and between photo positions, and is stable", () => {
    const a = renderProductImage(subject);
    expect(renderProductImage(subject)).toBe(a);
    expect(renderProductImage({ ...subject, productId: 2 })).not.toBe(a);
    expect(renderProductImage({ ...subject, position: 1 })).not.toBe(a);
  });

  it("escapes markup in names", () => {
    const svg = renderProductImage({ ...subject, name: `Кружка <script>alert("x")</script> & блюдце` });
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&#60;script&#62;");
  });

  it("renders a brand monogram", () => {
    expect(renderBrandLogo("samsung", "Samsung")).toContain(">SA<");
  });
});

describe("wrapText", () => {
  it("wraps at word boundaries and ellipsises beyond the line limit", () => {
    expect(wrapText("один два три", 8, 3)).toEqual(["один два", "три"]);
    expect(wrapText("a b c d e f g h", 3, 2)).toEqual(["a b", "c d…"]);
  });
});
