import { describe, expect, it } from "vitest";
import {
  buildReceipt,
  discountGoods,
  ITEM_NAME_MAX,
  type ReceiptGoods,
  type ReceiptInput,
  receiptTotal,
  vatFor,
} from "./receipt.ts";

const base = (over: Partial<ReceiptInput> = {}): ReceiptInput => ({
  goods: [{ name: "Чайник", price: 199_000, quantity: 1 }],
  deliveries: [],
  amount: 199_000,
  taxation: "osn",
  contact: { email: "anna@example.ru", phone: "+79161234567" },
  ...over,
});

/** A small deterministic generator (mulberry32), so a failing cart can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const between = (next: () => number, min: number, max: number) => min + Math.floor(next() * (max - min + 1));

/** What is wrong with the receipt of `input` (nothing, for a sound one). */
function problemsOf(input: ReceiptInput): string[] {
  const receipt = buildReceipt(input);
  const problems: string[] = [];
  if (receiptTotal(receipt) !== input.amount)
    problems.push(`total ${receiptTotal(receipt)} ≠ ${input.amount}`);
  for (const item of receipt.items) {
    if (!Number.isSafeInteger(item.price) || item.price < 0) problems.push(`price ${item.price}`);
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) problems.push(`quantity ${item.quantity}`);
    if (item.amount !== item.price * item.quantity) problems.push(`${item.name}: amount ≠ price × quantity`);
    if (item.name.length > ITEM_NAME_MAX) problems.push(`${item.name}: name too long`);
  }
  const paidDeliveries = input.deliveries.filter((d) => d.amount > 0).map((d) => d.amount);
  const services = receipt.items.filter((i) => i.paymentObject === "service").map((i) => i.amount);
  if (services.join() !== paidDeliveries.join()) problems.push(`deliveries ${services} ≠ ${paidDeliveries}`);
  const goods = receipt.items.filter((i) => i.paymentObject === "commodity");
  // At most one goods line is split in two.
  const extra = goods.length - input.goods.length;
  if (extra < 0 || extra > 1) problems.push(`${goods.length} goods items for ${input.goods.length} lines`);
  // Each line's discount is within its quantity in kopecks of its exact share.
  const goodsTotal = input.goods.reduce((sum, g) => sum + g.price * g.quantity, 0);
  const discount = goodsTotal + paidDeliveries.reduce((a, b) => a + b, 0) - input.amount;
  for (const line of input.goods) {
    const paid = goods.filter((item) => item.name === line.name).reduce((sum, item) => sum + item.amount, 0);
    const exact = (discount * line.price * line.quantity) / goodsTotal;
    if (Math.abs(line.price * line.quantity - paid - exact) > line.quantity) {
      problems.push(`${line.name}: discount ${line.price * line.quantity - paid}, exact share ${exact}`);
    }
  }
  return problems;
}

/** Checks `input`'s receipt is sound and returns it. */
function expectSound(input: ReceiptInput) {
  expect(problemsOf(input)).toEqual([]);
  return buildReceipt(input);
}

describe("buildReceipt", () => {
  it("makes one item per line and one service item per paid shipment, with tax, method and contact", () => {
    const receipt = buildReceipt(
      base({
        goods: [
          { name: "Чайник", price: 199_000, quantity: 1 },
          { name: "Кружка", price: 45_050, quantity: 3 },
        ],
        deliveries: [
          { name: "Доставка (ТехноМир)", amount: 29_900 },
          { name: "Доставка (Дом и сад)", amount: 0 },
        ],
        amount: 199_000 + 135_150 + 29_900,
      }),
    );
    expect(receipt).toEqual({
      taxation: "osn",
      email: "anna@example.ru",
      items: [
        {
          name: "Чайник",
          price: 199_000,
          quantity: 1,
          amount: 199_000,
          tax: "vat22",
          paymentMethod: "full_prepayment",
          paymentObject: "commodity",
        },
        {
          name: "Кружка",
          price: 45_050,
          quantity: 3,
          amount: 135_150,
          tax: "vat22",
          paymentMethod: "full_prepayment",
          paymentObject: "commodity",
        },
        {
          name: "Доставка (ТехноМир)",
          price: 29_900,
          quantity: 1,
          amount: 29_900,
          tax: "vat22",
          paymentMethod: "full_prepayment",
          paymentObject: "service",
        },
      ],
    });
  });

  it("sends to the phone when there is no e-mail, and refuses a receipt for nobody", () => {
    expect(buildReceipt(base({ contact: { email: null, phone: "+79161234567" } }))).toMatchObject({
      phone: "+79161234567",
    });
    expect(buildReceipt(base({ contact: { email: " ", phone: "+79161234567" } })).email).toBeUndefined();
    expect(() => buildReceipt(base({ contact: {} }))).toThrow(/e-mail or phone/);
  });

  it("charges no VAT outside the general system", () => {
    expect(vatFor("osn")).toBe("vat22");
    for (const taxation of ["usn_income", "usn_income_outcome", "esn", "patent"] as const) {
      expect(buildReceipt(base({ taxation })).items[0]).toMatchObject({ tax: "none" });
      expect(buildReceipt(base({ taxation })).taxation).toBe(taxation);
    }
  });

  it("takes points off the goods in proportion, never off the delivery", () => {
    const receipt = expectSound(
      base({
        goods: [
          { name: "Чайник", price: 300_000, quantity: 1 },
          { name: "Кружка", price: 50_000, quantity: 2 },
        ],
        deliveries: [{ name: "Доставка", amount: 29_900 }],
        // 4 000 ₽ of goods, 1 000 points: a quarter off each.
        amount: 400_000 + 29_900 - 100_000,
      }),
    );
    expect(receipt.items.map((i) => [i.price, i.quantity, i.amount])).toEqual([
      [225_000, 1, 225_000],
      [37_500, 2, 75_000],
      [29_900, 1, 29_900],
    ]);
  });

  it("puts an odd remainder on whole lines first, then splits one line by a kopeck", () => {
    // Four units of 1 ₽, 1 ₽ off: 25 kopecks off each unit, exactly.
    expect(
      discountGoods(
        [
          { name: "A", price: 100, quantity: 3 },
          { name: "B", price: 100, quantity: 1 },
        ],
        100,
      ),
    ).toEqual([
      { name: "A", price: 75, quantity: 3 },
      { name: "B", price: 75, quantity: 1 },
    ]);
    // 100 kopecks off three units of 1 ₽: 33 each and one kopeck left, so one unit pays 66, two pay 67.
    expect(discountGoods([{ name: "A", price: 100, quantity: 3 }], 100)).toEqual([
      { name: "A", price: 67, quantity: 2 },
      { name: "A", price: 66, quantity: 1 },
    ]);
    // 1 kopeck off: the line with the larger fraction (the dearer one) takes it, whole.
    expect(
      discountGoods(
        [
          { name: "A", price: 100, quantity: 1 },
          { name: "B", price: 300, quantity: 1 },
        ],
        1,
      ),
    ).toEqual([
      { name: "A", price: 100, quantity: 1 },
      { name: "B", price: 299, quantity: 1 },
    ]);
  });

  it("is the same receipt every time for the same cart", () => {
    const input = base({
      goods: [
        { name: "A", price: 333, quantity: 7 },
        { name: "B", price: 1_001, quantity: 3 },
        { name: "C", price: 77, quantity: 11 },
      ],
      amount: 333 * 7 + 1_001 * 3 + 77 * 11 - 1_700,
    });
    expect(buildReceipt(input)).toEqual(buildReceipt(input));
  });

  it("pays the goods wholly with points: items at 0 ₽, the delivery in money", () => {
    const receipt = expectSound(
      base({
        goods: [
          { name: "A", price: 50_000, quantity: 2 },
          { name: "B", price: 10_000, quantity: 1 },
        ],
        deliveries: [{ name: "Доставка", amount: 19_900 }],
        amount: 19_900,
      }),
    );
    expect(receipt.items.map((i) => i.amount)).toEqual([0, 0, 19_900]);
  });

  it("refuses an amount the goods and deliveries cannot make", () => {
    // More than goods and delivery together.
    expect(() => buildReceipt(base({ amount: 199_001 }))).toThrow(RangeError);
    // Points paying part of the delivery.
    expect(() =>
      buildReceipt(base({ deliveries: [{ name: "Доставка", amount: 29_900 }], amount: 29_899 })),
    ).toThrow(RangeError);
    expect(() =>
      buildReceipt(
        base({
          goods: [{ name: "A", price: 100, quantity: 1 }],
          deliveries: [{ name: "Д", amount: 500 }],
          amount: 499,
        }),
      ),
    ).toThrow(RangeError);
    expect(() => buildReceipt(base({ amount: 1.5 }))).toThrow(RangeError);
  });

  it("shortens a long name to T-Bank's 128 characters and tidies its spaces", () => {
    const receipt = buildReceipt(
      base({ goods: [{ name: `  Очень   ${"длинное ".repeat(40)}`, price: 100, quantity: 1 }], amount: 100 }),
    );
    expect(receipt.items[0]!.name).toHaveLength(ITEM_NAME_MAX);
    expect(receipt.items[0]!.name.startsWith("Очень длинное")).toBe(true);
    expect(receipt.items[0]!.name.endsWith("…")).toBe(true);
  });

  it("adds up to the amount to the kopeck for 1 000 random carts, shipments and point spends", () => {
    const problems: string[] = [];
    for (let seed = 1; seed <= 1_000; seed++) {
      const next = random(seed);
      const goods: ReceiptGoods[] = Array.from({ length: between(next, 1, 25) }, (_, i) => ({
        name: `Товар ${i}`,
        // Kopecks from 1 to 5 000 ₽, some odd.
        price: between(next, 1, 500_000),
        quantity: between(next, 1, next() < 0.7 ? 3 : 40),
      }));
      const goodsTotal = goods.reduce((sum, g) => sum + g.price * g.quantity, 0);
      const deliveries = Array.from({ length: between(next, 0, 4) }, (_, i) => ({
        name: `Доставка ${i}`,
        amount: next() < 0.3 ? 0 : between(next, 1, 99_900),
      }));
      const deliveryTotal = deliveries.reduce((sum, d) => sum + d.amount, 0);
      // Points are whole roubles, at most the goods; sometimes none, sometimes all.
      const roll = next();
      const maxPoints = Math.floor(goodsTotal / 100);
      const points = roll < 0.15 ? 0 : roll < 0.25 ? maxPoints : between(next, 0, maxPoints);
      const amount = goodsTotal + deliveryTotal - points * 100;
      problems.push(...problemsOf(base({ goods, deliveries, amount })).map((p) => `seed ${seed}: ${p}`));
    }
    expect(problems).toEqual([]);
  });
});
