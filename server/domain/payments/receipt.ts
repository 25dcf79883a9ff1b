/**
 * The 54-FZ receipt a payment carries to the acquirer (issue 19, point 8; ADR 050): T-Bank's `Receipt`
 * object of `Init` and of a refund's `Cancel` (FFD 1.05), from which T-Bank's online cash register makes
 * the fiscal receipt and sends it to the shopper. Pure: the orders flow gives it the order's goods and
 * shipments, what the payment charges and whom to send it to.
 *
 * The receipt lists what was paid in money: points spent on the order are a discount on the goods
 * (contract/bonus-rules.ts: points pay goods, never delivery), spread over the lines in proportion to
 * their sums, so the items' amounts add up to the payment's amount to the kopeck. Every item keeps
 * `amount = price × quantity` as the fiscal format requires.
 */

/** Taxation systems T-Bank's Receipt names (`Taxation`); ENVD was abolished in 2021. */
export const TAXATIONS = ["osn", "usn_income", "usn_income_outcome", "esn", "patent"] as const;
export type Taxation = (typeof TAXATIONS)[number];

/** VAT rates of an item (`Tax`) as T-Bank names them, 2026 rates included (22 %, and 5 % / 7 % on USN). */
export const VAT_RATES = [
  "none",
  "vat0",
  "vat5",
  "vat7",
  "vat10",
  "vat20",
  "vat22",
  "vat105",
  "vat107",
  "vat110",
  "vat120",
  "vat122",
] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** The payment method sign (tag 1214) of FFD 1.05. */
export const PAYMENT_METHODS = [
  "full_prepayment",
  "prepayment",
  "advance",
  "full_payment",
  "partial_payment",
  "credit",
  "credit_payment",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The subject sign (tag 1212) of FFD 1.05. */
export const PAYMENT_OBJECTS = [
  "commodity",
  "excise",
  "job",
  "service",
  "gambling_bet",
  "gambling_prize",
  "lottery",
  "lottery_prize",
  "intellectual_activity",
  "payment",
  "agent_commission",
  "composite",
  "another",
] as const;
export type PaymentObject = (typeof PAYMENT_OBJECTS)[number];

/** T-Bank's limit on an item's name. */
export const ITEM_NAME_MAX = 128;

export interface ReceiptItem {
  name: string;
  /** Kopecks per unit, after the points' discount. */
  price: number;
  quantity: number;
  /** Kopecks: price × quantity. */
  amount: number;
  tax: VatRate;
  paymentMethod: PaymentMethod;
  paymentObject: PaymentObject;
}

export interface Receipt {
  taxation: Taxation;
  /** Where the fiscal receipt is sent: the e-mail when there is one, else the phone (+7…). */
  email?: string;
  phone?: string;
  items: ReceiptItem[];
}

export interface ReceiptGoods {
  name: string;
  /** Kopecks per unit, as the order line was bought. */
  price: number;
  quantity: number;
}

export interface ReceiptInput {
  /** The order's lines, in their order. */
  goods: readonly ReceiptGoods[];
  /** One per shipment that charges for delivery, in kopecks (a free one is left out). */
  deliveries: readonly { name: string; amount: number }[];
  /** Kopecks the payment charges: goods and deliveries less what points paid. */
  amount: number;
  taxation: Taxation;
  contact: { email?: string | null | undefined; phone?: string | null | undefined };
}

/**
 * The VAT rate of the shop's goods and delivery under a taxation system: 22 % (the general rate since
 * 2026) on the general system; none on the simplified ones, the patent and the agricultural tax, whose
 * payers below the VAT thresholds charge none. Per-product rates (10 % on children's goods, books) are not
 * in the catalogue yet.
 */
export function vatFor(taxation: Taxation): VatRate {
  return taxation === "osn" ? "vat22" : "none";
}

/**
 * Goods are sold with delivery later, so the payment is a 100 % prepayment (tag 1214 = 1); the closing
 * «full payment» receipt at handover belongs to the after-sale work.
 */
export const PAYMENT_METHOD: PaymentMethod = "full_prepayment";

const itemName = (name: string) => {
  const clean = name.replace(/\s+/g, " ").trim() || "Товар";
  return clean.length > ITEM_NAME_MAX ? `${clean.slice(0, ITEM_NAME_MAX - 1)}…` : clean;
};

const wholeKopecks = (value: number, what: string) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole kopecks ≥ 0`);
  return value;
};

/**
 * The discount `discount` (kopecks) taken off the goods in proportion to their sums, as unit prices:
 * each unit of a line loses ⌊discount × price / total⌋ kopecks; what that leaves undistributed (fewer
 * kopecks than there are units) goes a kopeck per unit to whole lines, those with the largest cut-off
 * fraction first (ties: the earlier line), while a whole line still fits; the last few kopecks split one
 * line into two items (some units a kopeck cheaper). Deterministic; each line is within its quantity in
 * kopecks of its exact share, and at most one line is split.
 */
export function discountGoods(
  goods: readonly ReceiptGoods[],
  discount: number,
): { name: string; price: number; quantity: number }[] {
  const total = goods.reduce((sum, g) => sum + g.price * g.quantity, 0);
  if (discount > total) throw new RangeError("points cannot pay more than the goods");
  if (discount === 0) return goods.map((g) => ({ ...g }));
  const big = (n: number) => BigInt(n);
  const perUnit = goods.map((g) => Number((big(discount) * big(g.price)) / big(total)));
  const fraction = goods.map((g) => (big(discount) * big(g.price)) % big(total));
  let left = discount - goods.reduce((sum, g, i) => sum + g.quantity * perUnit[i]!, 0);
  const order = goods
    .map((_, i) => i)
    .sort((a, b) => (fraction[b]! > fraction[a]! ? 1 : fraction[b]! < fraction[a]! ? -1 : a - b));
  const bumped = new Set<number>();
  for (const i of order) {
    if (left >= goods[i]!.quantity) {
      perUnit[i]! += 1;
      left -= goods[i]!.quantity;
      bumped.add(i);
    }
  }
  // Fewer kopecks left than units in any line not yet bumped: some units of the first such line take them.
  const split = left > 0 ? order.find((i) => !bumped.has(i)) : undefined;
  return goods.flatMap((g, i) => {
    const price = g.price - perUnit[i]!;
    if (i !== split) return [{ name: g.name, price, quantity: g.quantity }];
    return [
      { name: g.name, price, quantity: g.quantity - left },
      { name: g.name, price: price - 1, quantity: left },
    ];
  });
}

/**
 * The receipt of a payment of `amount` kopecks for these goods and deliveries. Throws (a programming
 * error, never the shopper's) when the amount is not goods + deliveries less a discount the goods can
 * bear, or there is nobody to send the receipt to.
 */
export function buildReceipt(input: ReceiptInput): Receipt {
  const amount = wholeKopecks(input.amount, "amount");
  for (const g of input.goods) {
    wholeKopecks(g.price, "price");
    if (!Number.isSafeInteger(g.quantity) || g.quantity < 1) throw new RangeError("quantity must be ≥ 1");
  }
  const goodsTotal = input.goods.reduce((sum, g) => sum + g.price * g.quantity, 0);
  const deliveries = input.deliveries.filter((d) => wholeKopecks(d.amount, "delivery") > 0);
  const deliveryTotal = deliveries.reduce((sum, d) => sum + d.amount, 0);
  const discount = goodsTotal + deliveryTotal - amount;
  if (discount < 0 || discount > goodsTotal) {
    throw new RangeError(
      `a payment of ${amount} cannot be goods ${goodsTotal} and delivery ${deliveryTotal} less points`,
    );
  }
  const email = input.contact.email?.trim();
  const phone = input.contact.phone?.trim();
  if (!email && !phone) throw new Error("a receipt needs the shopper's e-mail or phone");
  const tax = vatFor(input.taxation);
  const item = (name: string, price: number, quantity: number, paymentObject: PaymentObject) => ({
    name: itemName(name),
    price,
    quantity,
    amount: price * quantity,
    tax,
    paymentMethod: PAYMENT_METHOD,
    paymentObject,
  });
  return {
    taxation: input.taxation,
    ...(email ? { email } : { phone: phone! }),
    items: [
      ...discountGoods(input.goods, discount).map((g) => item(g.name, g.price, g.quantity, "commodity")),
      ...deliveries.map((d) => item(d.name, d.amount, 1, "service")),
    ],
  };
}

/** The sum of a receipt's items, in kopecks: what the acquirer checks against the payment's amount. */
export const receiptTotal = (receipt: Pick<Receipt, "items">) =>
  receipt.items.reduce((sum, i) => sum + i.amount, 0);
