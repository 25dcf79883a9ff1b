import { afterEach, describe, expect, it, vi } from "vitest";
import { errorTableRow, firstComponentLine, logComponentError } from "./error-log.ts";

const stack =
  "\n    at ProductCard (http://x/assets/card.js:1:10)\n    at ProductGrid (http://x/assets/grid.js:2:5)";

describe("errorTableRow", () => {
  it("names the error, the component that threw and how React handled it, in Russian", () => {
    expect(
      errorTableRow(new Error("Cannot read properties of undefined"), { componentStack: stack }, "caught"),
    ).toEqual({
      "Ошибка приложения": "Cannot read properties of undefined",
      Компонент: "at ProductCard (http://x/assets/card.js:1:10)",
      Информация: "перехвачена границей ошибок",
    });
    expect(errorTableRow(new Error("x"), {}, "uncaught").Информация).toBe("не перехвачена");
    expect(errorTableRow(new Error("x"), {}, "recoverable").Информация).toBe("восстановимая");
  });

  it("copes with thrown non-errors and a missing stack", () => {
    const row = errorTableRow("boom", { componentStack: null }, "uncaught");
    expect(row["Ошибка приложения"]).toBe("boom");
    expect(row.Компонент).toBe("неизвестен");
    expect(firstComponentLine("\n   \n")).toBe("неизвестен");
  });
});

describe("logComponentError", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("logs one table row", () => {
    const table = vi.spyOn(console, "table").mockImplementation(() => {});
    logComponentError(new Error("x"), { componentStack: stack }, "caught");
    expect(table).toHaveBeenCalledExactlyOnceWith([
      {
        "Ошибка приложения": "x",
        Компонент: "at ProductCard (http://x/assets/card.js:1:10)",
        Информация: "перехвачена границей ошибок",
      },
    ]);
  });
});
