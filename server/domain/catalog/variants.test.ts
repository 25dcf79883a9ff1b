import { describe, expect, it } from "vitest";
import { type SiblingRow, sizeOf, variantPicker } from "./variants.ts";

const phone = (
  id: number,
  memory: string,
  color: string,
  state: SiblingRow["state"] = "in_stock",
): SiblingRow => ({
  id,
  state,
  properties: [
    ["memory", "Встроенная память", memory],
    ["ram", "Оперативная память", "8 ГБ"],
    ["color", "Цвет", color],
  ],
});

describe("the variant picker", () => {
  it("shows only the properties the siblings differ in, in the category's order", () => {
    const picker = variantPicker(1, [phone(1, "128 ГБ", "чёрный"), phone(2, "256 ГБ", "чёрный")]);
    expect(picker.map((p) => p.code)).toEqual(["memory"]);
    expect(picker[0]).toEqual({
      code: "memory",
      name: "Встроенная память",
      options: [
        { value: "128 ГБ", productId: 1, current: true, available: true },
        { value: "256 ГБ", productId: 2, current: false, available: true },
      ],
    });
  });

  it("keeps the shopper's other choices: more memory in the same colour", () => {
    const line = [
      phone(1, "128 ГБ", "чёрный"),
      phone(2, "128 ГБ", "синий"),
      phone(3, "256 ГБ", "синий"),
      phone(4, "256 ГБ", "чёрный"),
    ];
    const [memory, color] = variantPicker(2, line);
    expect(memory?.options.map((o) => [o.value, o.productId, o.current])).toEqual([
      ["128 ГБ", 2, true],
      ["256 ГБ", 3, false],
    ]);
    expect(color?.options.map((o) => [o.value, o.productId, o.current])).toEqual([
      ["чёрный", 1, false],
      ["синий", 2, true],
    ]);
  });

  it("marks a value whose product is sold out, and prefers an available one when choices tie", () => {
    const line = [
      phone(1, "128 ГБ", "чёрный"),
      phone(2, "256 ГБ", "синий", "sold_out"),
      phone(3, "256 ГБ", "белый"),
    ];
    const [memory, color] = variantPicker(1, line);
    expect(memory?.options[1]).toEqual({ value: "256 ГБ", productId: 3, current: false, available: true });
    expect(color?.options.find((o) => o.value === "синий")).toEqual({
      value: "синий",
      productId: 2,
      current: false,
      available: false,
    });
  });

  it("orders memory and sizes by size, a terabyte after 512 gigabytes", () => {
    const line = [phone(1, "1 ТБ", "чёрный"), phone(2, "128 ГБ", "чёрный"), phone(3, "512 ГБ", "чёрный")];
    expect(variantPicker(1, line)[0]?.options.map((o) => o.value)).toEqual(["128 ГБ", "512 ГБ", "1 ТБ"]);
    expect(sizeOf("44")).toBe(44);
    expect(sizeOf("6,7″")).toBeNull();
    expect(sizeOf("чёрный")).toBeNull();
  });

  it("is empty for a product alone or missing from its line", () => {
    expect(variantPicker(1, [phone(1, "128 ГБ", "чёрный")])).toEqual([]);
    expect(variantPicker(9, [phone(1, "128 ГБ", "чёрный"), phone(2, "256 ГБ", "чёрный")])).toEqual([]);
  });
});
