import { describe, expect, it } from "vitest";
import { buildReceipt } from "#server/domain/payments/receipt.ts";
import { tbankReceipt } from "#server/domain/payments/tbank.ts";
import { RECEIPT_SUM_MISMATCH, receiptRefusal } from "./receipt-check.ts";

const receipt = tbankReceipt(
  buildReceipt({
    goods: [
      { name: "Чайник", price: 100_000, quantity: 1 },
      { name: "Кружка", price: 333, quantity: 3 },
    ],
    deliveries: [{ name: "Доставка", amount: 29_900 }],
    amount: 100_000 + 999 + 29_900 - 10_000,
    taxation: "osn",
    contact: { phone: "+79161234567" },
  }),
);
const AMOUNT = 100_000 + 999 + 29_900 - 10_000;
type Item = Record<string, unknown>;
const items = () => structuredClone(receipt.Items as Item[]);

describe("the stand-in's receipt check", () => {
  it("takes the shop's receipt for its amount", () => {
    expect(receiptRefusal(receipt, AMOUNT)).toBeUndefined();
  });

  it("refuses items that do not add up to the amount, as T-Bank does (308)", () => {
    for (const amount of [AMOUNT + 1, AMOUNT - 1, 0]) {
      expect(receiptRefusal(receipt, amount)).toEqual({
        errorCode: RECEIPT_SUM_MISMATCH,
        message: "Сумма позиций чека не равна сумме операции.",
        details: `Сумма Amount позиций — ${AMOUNT} коп., сумма операции — ${amount} коп.`,
      });
    }
    const shorter = items();
    shorter.pop();
    expect(receiptRefusal({ ...receipt, Items: shorter }, AMOUNT)?.errorCode).toBe("308");
  });

  it("refuses an item whose Amount is not Price × Quantity, even when the sum is right", () => {
    const skewed = items();
    skewed[0] = { ...skewed[0], Amount: (skewed[0]!.Amount as number) + 1 };
    skewed[2] = { ...skewed[2], Amount: (skewed[2]!.Amount as number) - 1 };
    expect(receiptRefusal({ ...receipt, Items: skewed }, AMOUNT)).toMatchObject({
      errorCode: "9999",
      details: "Receipt.Items[0].Amount не равен Price × Quantity.",
    });
  });

  it("refuses a receipt without a taxation system, a contact, items, or with unknown signs", () => {
    const refused = (over: Record<string, unknown>) => receiptRefusal({ ...receipt, ...over }, AMOUNT);
    expect(receiptRefusal(undefined, AMOUNT)?.details).toMatch(/Поле Receipt обязательно/);
    expect(receiptRefusal("чек", AMOUNT)?.details).toBe("Поле Receipt — объект JSON.");
    expect(refused({ Taxation: "envd" })?.details).toMatch(/Receipt\.Taxation/);
    expect(refused({ Phone: undefined })?.details).toMatch(/Email или Phone/);
    expect(refused({ Phone: "89161234567" })?.details).toMatch(/Email или Phone/);
    expect(refused({ Phone: undefined, Email: "anna@example.ru" })).toBeUndefined();
    expect(refused({ Items: [] })?.details).toMatch(/непустой массив/);
    const tweak = (change: Item) => {
      const list = items();
      list[1] = { ...list[1], ...change };
      return refused({ Items: list })?.details;
    };
    expect(tweak({ Name: "" })).toMatch(/Items\[1\]\.Name/);
    expect(tweak({ Name: "я".repeat(129) })).toMatch(/Items\[1\]\.Name/);
    expect(tweak({ Price: 1.5 })).toMatch(/Items\[1\]\.Price/);
    expect(tweak({ Quantity: 0 })).toMatch(/Items\[1\]\.Quantity/);
    expect(tweak({ Tax: "vat18" })).toMatch(/Items\[1\]\.Tax/);
    expect(tweak({ PaymentMethod: "cash" })).toMatch(/PaymentMethod/);
    expect(tweak({ PaymentObject: "goods" })).toMatch(/PaymentObject/);
  });
});
