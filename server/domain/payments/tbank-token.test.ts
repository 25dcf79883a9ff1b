import { describe, expect, it } from "vitest";
import { signed, tbankToken, tbankTokenValid } from "./tbank-token.ts";

// T-Bank's published example (developer.tbank.ru/eacq/intro/developer/token): these four fields and this
// password give this token.
const PUBLISHED = {
  TerminalKey: "MerchantTerminalKey",
  Amount: 19200,
  OrderId: "00000",
  Description: "Подарочная карта на 1000 рублей",
};
const PUBLISHED_PASSWORD = "11111111111111";
const PUBLISHED_TOKEN = "72dd466f8ace0a37a1f740ce5fb78101712bc0665d91a8108c7c8a0ccd426db2";

describe("T-Bank token", () => {
  it("gives the published example's token", () => {
    expect(tbankToken(PUBLISHED, PUBLISHED_PASSWORD)).toBe(PUBLISHED_TOKEN);
    // The amount as a string (the example's array spells it so) signs the same.
    expect(tbankToken({ ...PUBLISHED, Amount: "19200" }, PUBLISHED_PASSWORD)).toBe(PUBLISHED_TOKEN);
  });

  it("gives the earlier published example's token (OrderId 21090, another password)", () => {
    expect(tbankToken({ ...PUBLISHED, OrderId: "21090" }, "usaf8fw8fsw21g")).toBe(
      "0024a00af7c350a3a67ca168ce06502aa72772456662e38696d48b56ee9c97d9",
    );
  });

  it("leaves out nested objects, arrays, the Token itself and absent values", () => {
    const withExtras = {
      ...PUBLISHED,
      DATA: { Phone: "+71234567890", Email: "a@test.com" },
      Receipt: { Items: [{ Name: "x", Amount: 19200 }] },
      Shops: [{ ShopCode: "1" }],
      Token: "ignored",
      CustomerKey: undefined,
      IP: null,
    };
    expect(tbankToken(withExtras, PUBLISHED_PASSWORD)).toBe(PUBLISHED_TOKEN);
  });

  it("signs booleans as true/false, as a notification's Success", () => {
    const notification = {
      TerminalKey: "T",
      Success: true,
      Status: "CONFIRMED",
      PaymentId: 13660,
      Amount: 100,
    };
    const asStrings = { ...notification, Success: "true", PaymentId: "13660", Amount: "100" };
    expect(tbankToken(notification, "p")).toBe(tbankToken(asStrings, "p"));
    expect(tbankToken({ ...notification, Success: false }, "p")).not.toBe(tbankToken(notification, "p"));
  });

  it("verifies a signed body and refuses an altered or foreign one", () => {
    const body = signed({ ...PUBLISHED }, PUBLISHED_PASSWORD);
    expect(body.Token).toBe(PUBLISHED_TOKEN);
    expect(tbankTokenValid(body, PUBLISHED_PASSWORD)).toBe(true);
    expect(tbankTokenValid({ ...body, Token: body.Token.toUpperCase() }, PUBLISHED_PASSWORD)).toBe(true);
    expect(tbankTokenValid({ ...body, Amount: 19201 }, PUBLISHED_PASSWORD)).toBe(false);
    expect(tbankTokenValid(body, "another password")).toBe(false);
    expect(tbankTokenValid({ ...body, Token: "short" }, PUBLISHED_PASSWORD)).toBe(false);
    expect(tbankTokenValid({ ...body, Token: undefined }, PUBLISHED_PASSWORD)).toBe(false);
  });
});
