import { describe, expect, it } from "vitest";
import { buildReceipt } from "./receipt.ts";
import { createTBankAcquirer } from "./tbank.ts";
import { tbankToken } from "./tbank-token.ts";

const receipt = buildReceipt({
  goods: [
    { name: "Чайник", price: 300_000, quantity: 1 },
    { name: "Кружка", price: 50_000, quantity: 2 },
  ],
  deliveries: [{ name: "Доставка", amount: 29_900 }],
  // 1 000 points spent: a quarter off the goods.
  amount: 329_900,
  taxation: "osn",
  contact: { email: "anna@example.ru" },
});

/** The client against a fake T-Bank that keeps each request's body and answers as T-Bank would. */
function withFakeBank() {
  const sent: Record<string, unknown>[] = [];
  const acquirer = createTBankAcquirer({
    url: "https://acquirer.test",
    credentials: { terminalKey: "TK", password: "pw" },
    taxation: "usn_income",
    fetch: async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      const common = { Success: true, ErrorCode: "0", TerminalKey: "TK", PaymentId: "42" };
      return Response.json(
        request.url.endsWith("/Init")
          ? {
              ...common,
              Status: "NEW",
              OrderId: body.OrderId,
              Amount: body.Amount,
              PaymentURL: "https://pay.test/42",
            }
          : { ...common, Status: "REFUNDED", OriginalAmount: 329_900, NewAmount: 0 },
      );
    },
  });
  return { acquirer, sent };
}

const init = {
  orderId: "1001-1",
  amount: 329_900,
  description: "Заказ 1001 в Витрине",
  successUrl: "https://shop.test/thank-you",
  failUrl: "https://shop.test/fail",
  notificationUrl: "https://shop.test/api/v1/payments/notification",
};

describe("the T-Bank client's receipts", () => {
  it("sends Init's Receipt in T-Bank's names, outside the Token", async () => {
    const { acquirer, sent } = withFakeBank();
    await acquirer.init({ ...init, receipt });
    const [body] = sent;
    expect(body!.Receipt).toEqual({
      Email: "anna@example.ru",
      Taxation: "osn",
      Items: [
        {
          Name: "Чайник",
          Price: 225_000,
          Quantity: 1,
          Amount: 225_000,
          Tax: "vat22",
          PaymentMethod: "full_prepayment",
          PaymentObject: "commodity",
        },
        {
          Name: "Кружка",
          Price: 37_500,
          Quantity: 2,
          Amount: 75_000,
          Tax: "vat22",
          PaymentMethod: "full_prepayment",
          PaymentObject: "commodity",
        },
        {
          Name: "Доставка",
          Price: 29_900,
          Quantity: 1,
          Amount: 29_900,
          Tax: "vat22",
          PaymentMethod: "full_prepayment",
          PaymentObject: "service",
        },
      ],
    });
    // The Token is that of the root's scalar fields alone: the same with the Receipt taken out.
    const { Receipt: _receipt, Token, ...root } = body!;
    expect(Token).toBe(tbankToken(root, "pw"));
    // Another receipt for the same payment leaves the Token as it was.
    const other = withFakeBank();
    await other.acquirer.init({
      ...init,
      receipt: { ...receipt, email: "other@example.ru", items: receipt.items.slice().reverse() },
    });
    expect(other.sent[0]!.Receipt).not.toEqual(body!.Receipt);
    expect(other.sent[0]!.Token).toBe(Token);
  });

  it("sends a refund's Receipt with Cancel, outside the Token, and none for a page called off", async () => {
    const { acquirer, sent } = withFakeBank();
    await acquirer.cancel("42", undefined, receipt);
    await acquirer.cancel("42");
    await acquirer.cancel("42", 500, receipt, "refund-7");
    const [refund, callOff, keyed] = sent;
    expect(refund!.ExternalRequestId).toBeUndefined();
    expect(keyed).toMatchObject({ Amount: 500, ExternalRequestId: "refund-7" });
    expect(refund!.Receipt).toMatchObject({ Email: "anna@example.ru", Taxation: "osn" });
    expect((refund!.Receipt as { Items: unknown[] }).Items).toHaveLength(3);
    expect(callOff!.Receipt).toBeUndefined();
    expect(refund!.Token).toBe(callOff!.Token);
  });

  it("names the terminal's taxation system for the receipts the shop builds", () => {
    expect(withFakeBank().acquirer.taxation).toBe("usn_income");
    expect(
      createTBankAcquirer({
        url: "https://acquirer.test",
        credentials: { terminalKey: "TK", password: "pw" },
      }).taxation,
    ).toBe("osn");
  });
});
