import { describe, expect, it } from "vitest";
import { parseMarkdown } from "./markdown.ts";

describe("parseMarkdown", () => {
  it("reads headings, lists and paragraphs", () => {
    const blocks = parseMarkdown(
      "Вступление.\n\n## Как вернуть\n- Открыть заказ\n- Нажать «Вернуть»\n\nДеньги вернутся\nза 10 дней.",
    );
    expect(blocks).toEqual([
      { kind: "paragraph", text: "Вступление." },
      { kind: "heading", text: "Как вернуть" },
      { kind: "list", items: ["Открыть заказ", "Нажать «Вернуть»"] },
      { kind: "paragraph", text: "Деньги вернутся за 10 дней." },
    ]);
  });

  it("keeps markup as text", () => {
    expect(parseMarkdown("<script>alert(1)</script>")).toEqual([
      { kind: "paragraph", text: "<script>alert(1)</script>" },
    ]);
  });
});
