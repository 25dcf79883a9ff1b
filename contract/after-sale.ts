import { z } from "zod";
import { productCardSchema } from "./catalog.ts";
import { idParam, productIdsQuery } from "./id-param.ts";
import { pointsSchema } from "./money-schema.ts";
import { ORDER_STATUSES } from "./order-states.ts";

// After the sale, the shopper's side (issue 20, points 4–6): «Купить снова», purchases with «Вы покупали»,
// and the points account. Points are whole points (1 point = 1 ₽).

/** Why a line of an order could not go back into the basket. */
export const REPEAT_SKIP_REASONS = ["sold_out", "not_sold", "removed", "basket_full", "at_limit"] as const;
export type RepeatSkipReason = (typeof REPEAT_SKIP_REASONS)[number];

export const REPEAT_SKIP_TEXT: Record<RepeatSkipReason, string> = {
  sold_out: "закончился",
  not_sold: "сейчас не продаётся",
  removed: "больше не продаётся",
  basket_full: "корзина заполнена",
  at_limit: "в корзине уже максимум",
};

/** `POST /api/v1/orders/{id}/repeat` and `POST /api/v1/purchases/{productId}/repeat`: what went back. */
export const repeatResultSchema = z.object({
  /** Lines put into the basket, with how many units were added (capped by stock and limits). */
  added: z.array(z.object({ productId: z.number().int(), name: z.string(), quantity: z.number().int() })),
  /** Lines that could not be added now, with the reason. */
  skipped: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      reason: z.enum(REPEAT_SKIP_REASONS),
      reasonText: z.string(),
    }),
  ),
  /** Units in the basket afterwards (the header's badge). */
  basketCount: z.number().int(),
});
export type RepeatResult = z.infer<typeof repeatResultSchema>;

export const purchaseParamsSchema = z.object({ productId: idParam("Товар не найден") });

/** A cursor of the purchases list: the last entry's date (ms) and product id, as `1732780800000_42`. */
export const PURCHASE_CURSOR = /^\d{1,15}_\d{1,12}$/;

export const purchasesQuerySchema = z.object({
  before: z
    .string()
    .regex(PURCHASE_CURSOR, { error: "Курсор страницы покупок неверен" })
    .optional()
    .describe("`next` предыдущей страницы"),
});

/** One product the shopper has received: its card as it is now and the last time it was received. */
export const purchaseSchema = z.object({
  product: productCardSchema,
  /** When the last parcel with it reached the shopper. */
  purchasedAt: z.iso.datetime({ offset: true }),
  /** The order that brought it that time. */
  orderId: z.number().int(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchasesSchema = z.object({
  items: z.array(purchaseSchema),
  /** The `before` of the next page; null on the last. */
  next: z.string().nullable(),
});
export type Purchases = z.infer<typeof purchasesSchema>;

export const PURCHASE_DATES_MAX = 100;

export const purchaseDatesQuerySchema = z.object({ ids: productIdsQuery(PURCHASE_DATES_MAX) });

/** «Вы покупали»: the products of those asked about that the shopper has received, with the last date. */
export const purchaseDatesSchema = z.object({
  items: z.array(z.object({ productId: z.number().int(), purchasedAt: z.iso.datetime({ offset: true }) })),
});
export type PurchaseDates = z.infer<typeof purchaseDatesSchema>;

/** The ledger's kinds as the shopper reads them. */
export const BONUS_KIND_TEXT = {
  welcome: "Приветственные баллы",
  spend: "Оплата заказа баллами",
  spend_return: "Возврат списанных баллов",
  cashback: "Кешбэк за заказ",
  cashback_release: "Кешбэк начислен",
  cashback_reversal: "Кешбэк отменён",
  expiry: "Баллы сгорели",
} as const;
export type BonusKind = keyof typeof BONUS_KIND_TEXT;
const BONUS_KINDS = Object.keys(BONUS_KIND_TEXT) as [BonusKind, ...BonusKind[]];

/** `GET /api/v1/bonus`: the points account. */
export const bonusAccountSchema = z.object({
  /** Spendable now. */
  balance: pointsSchema,
  /** Cashback waiting for its orders to be received and their return window to pass. */
  pending: pointsSchema,
  /** The pending cashback per order, soonest first; `availableAt` null while the order is on its way. */
  pendingOrders: z.array(
    z.object({
      orderId: z.number().int(),
      number: z.string(),
      status: z.enum(ORDER_STATUSES),
      points: pointsSchema,
      availableAt: z.iso.datetime({ offset: true }).nullable(),
    }),
  ),
});
export type BonusAccount = z.infer<typeof bonusAccountSchema>;

export const bonusHistoryQuerySchema = z.object({
  before: idParam("Курсор должен быть целым положительным числом", Number.MAX_SAFE_INTEGER)
    .optional()
    .describe("`next` предыдущей страницы"),
});

export const bonusEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(BONUS_KINDS),
  kindText: z.string(),
  /** Which sum the entry moved: spendable points or pending cashback. */
  bucket: z.enum(["available", "pending"]),
  /** Signed: accruals positive, spends negative. */
  amount: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  order: z.object({ id: z.number().int(), number: z.string() }).nullable(),
});
export type BonusEntry = z.infer<typeof bonusEntrySchema>;

export const bonusHistorySchema = z.object({
  items: z.array(bonusEntrySchema),
  /** The `before` of the next page; null on the last. */
  next: z.number().int().nullable(),
});
export type BonusHistory = z.infer<typeof bonusHistorySchema>;
