import { describe, expect, it } from "vitest";
import { backInStockText, questionAnsweredText, smsProductName } from "./texts.ts";

describe("the product SMS texts", () => {
  it("says the product is back with its page's address", () => {
    expect(backInStockText("https://shop.example/", 42, "Чайник Tefal KI 1")).toBe(
      "Товар «Чайник Tefal KI 1» снова в продаже: https://shop.example/product/42",
    );
  });

  it("says the question was answered, with the page's questions", () => {
    expect(questionAnsweredText("http://localhost:3000", 7, "Наушники")).toBe(
      "На ваш вопрос о товаре «Наушники» ответили: http://localhost:3000/product/7#questions",
    );
  });

  it("cuts a long name at a word", () => {
    const name = "Смартфон Samsung Galaxy A55 8/256 ГБ, тёмно-синий, с двумя SIM-картами";
    const short = smsProductName(name);
    expect(short).toBe("Смартфон Samsung Galaxy A55 8/256 ГБ…");
    expect(short.length).toBeLessThanOrEqual(41);
  });
});
