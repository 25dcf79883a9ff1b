import { describe, expect, it } from "vitest";
import { cyrillicToLatin, latinToCyrillic, switchLayout } from "./keyboard-layout.ts";

describe("keyboard layout", () => {
  it("reads Latin keystrokes on the Russian layout, punctuation keys included", () => {
    expect(latinToCyrillic("cvfhnajy")).toBe("смартфон");
    expect(latinToCyrillic("CVFHNAJY")).toBe("смартфон");
    expect(latinToCyrillic("yjen,er")).toBe("ноутбук");
    expect(latinToCyrillic("gkfnmt")).toBe("платье");
    expect(latinToCyrillic("{jkjlbkmybr")).toBe("холодильник");
    expect(latinToCyrillic("`krf")).toBe("ёлка");
  });

  it("reads Russian keystrokes on the English layout", () => {
    expect(cyrillicToLatin("ыфьыгтп")).toBe("samsung");
    expect(cyrillicToLatin("фззду")).toBe("apple");
  });

  it("round-trips every letter key", () => {
    const ru = "йцукенгшщзхъфывапролджэячсмитьбюё";
    expect(latinToCyrillic(cyrillicToLatin(ru))).toBe(ru);
  });

  it("switches a token only when it is entirely one script", () => {
    expect(switchLayout("cvfhnajy")).toBe("смартфон");
    expect(switchLayout("ыфьыгтп")).toBe("samsung");
    expect(switchLayout("a55")).toBeNull();
    expect(switchLayout("смарт-часы")).toBeNull();
    expect(switchLayout("iphoneы")).toBeNull();
  });
});
