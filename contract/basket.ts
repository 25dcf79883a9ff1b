import { z } from "zod";
import { IDEMPOTENCY_KEY_PATTERN } from "./basket-rules.ts";
import { productCardSchema } from "./catalog.ts";
import { kopecksSchema, pointsSchema } from "./money-schema.ts";

// The basket (commerce.md, Basket; ADR 038). Money in kopecks, points in whole points.

export {
  availabilityMessage,
  type BasketAvailability,
  type BasketCap,
  type BasketCapReason,
  type BasketTotals,
  basketLinkLabel,
  basketTotals,
  capMessage,
  DELIVERY_PRICE,
  FREE_DELIVERY_FROM,
  goodsWord,
  IDEMPOTENCY_KEY_PATTERN,
  isBuyable,
  quantityCap,
  shipmentDeliveryPrice,
} from "./basket-rules.ts";

export const basketAvailabilitySchema = z.enum([
  "in_stock",
  "preorder",
  "fewer_left",
  "sold_out",
  "not_sold",
]);
export const basketCapReasonSchema = z.enum(["stock", "order_limit", "basket_max_items"]);

export const basketLineSchema = z.object({
  productId: z.number().int(),
  quantity: z.number().int(),
  /** Only selected lines are bought (and counted in the totals). */
  selected: z.boolean(),
  /** The product as a card shows it; `product.price` is the current price. */
  product: productCardSchema,
  /** Current price per unit, kopecks (the same as `product.price`). */
  price: kopecksSchema,
  /** Price per unit when the line was added (or its quantity last set), kopecks. */
  priceWhenAdded: kopecksSchema,
  /** The price is not what it was when added: shown, never hidden. */
  priceChanged: z.boolean(),
  availability: basketAvailabilitySchema,
  /** Whether the line counts in the totals and goes to checkout when selected. */
  buyable: z.boolean(),
  /** The most units this line may hold now, and why (the «+» is off at it). */
  maxQuantity: z.number().int(),
  capReason: basketCapReasonSchema,
  /** The reason in Russian: «Больше нет в наличии», «Не больше 2 шт. в одном заказе». */
  capMessage: z.string(),
  /** The availability flag in Russian («Осталось 2 шт.», «Товар закончился»), null when all is well. */
  availabilityMessage: z.string().nullable(),
  /** price × quantity, kopecks. */
  total: kopecksSchema,
  /** (old price or price) × quantity, kopecks. */
  totalBeforeDiscount: kopecksSchema,
  addedAt: z.string(),
});
export type BasketLine = z.infer<typeof basketLineSchema>;

export const basketShipmentSchema = z.object({
  seller: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  /** The date (YYYY-MM-DD, the current city's calendar) this seller can deliver to the current city. */
  deliveryDate: z.string(),
  /** «Доставим завтра», «Доставим 28 ноября». */
  deliveryText: z.string(),
  /** The courier price of this shipment's selected lines, kopecks; 0 from `freeDeliveryFrom`. */
  deliveryPrice: kopecksSchema,
  lines: z.array(basketLineSchema),
});
export type BasketShipment = z.infer<typeof basketShipmentSchema>;

export const basketTotalsSchema = z.object({
  quantity: z.number().int(),
  goods: kopecksSchema,
  discount: kopecksSchema,
  delivery: kopecksSchema,
  cashbackPoints: pointsSchema,
  toPay: kopecksSchema,
});

export const basketSchema = z.object({
  /** Grows with every change: the order placement claims exactly the basket it showed. */
  version: z.number().int(),
  /** Units in every line, selected or not (the header's count). */
  count: z.number().int(),
  /** The current city the delivery dates are for. */
  city: z.object({ id: z.number().int(), name: z.string() }),
  /** Lines grouped by seller, sellers in the order their newest line was added, lines newest first. */
  shipments: z.array(basketShipmentSchema),
  /** The selected, buyable lines only. */
  totals: basketTotalsSchema,
  /** Courier delivery of one seller's shipment is free from this sum, kopecks. */
  freeDeliveryFrom: kopecksSchema,
  /** The most lines a basket holds (and units of one product): the `basket_max_items` option. */
  maxItems: z.number().int(),
});
export type Basket = z.infer<typeof basketSchema>;

export const basketCountSchema = z.object({
  /** Units in every line. */
  count: z.number().int(),
  /** By product id: what the cards' steppers show (the quantity, the cap and why). */
  lines: z.record(
    z.string(),
    z.object({ quantity: z.number().int(), max: z.number().int(), capMessage: z.string() }),
  ),
  version: z.number().int(),
});
export type BasketCount = z.infer<typeof basketCountSchema>;

const productId = z
  .number({ error: "Укажите товар" })
  .int({ error: "Укажите товар" })
  .positive({ error: "Укажите товар" })
  .max(2_147_483_647, { error: "Укажите товар" });
const quantity = z
  .number({ error: "Количество должно быть целым числом от 1" })
  .int({ error: "Количество должно быть целым числом от 1" })
  .min(1, { error: "Количество должно быть не меньше 1" })
  .max(10_000, { error: "Слишком большое количество" });

/** `POST /api/v1/basket/lines`: one change of the basket, by intent. */
export const basketMutationSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), productId, quantity: quantity.default(1) }),
    z.object({ intent: z.literal("set_quantity"), productId, quantity }),
    z.object({ intent: z.literal("remove"), productId }),
    z.object({ intent: z.literal("select"), productId, selected: z.boolean() }),
    z.object({ intent: z.literal("select_all"), selected: z.boolean() }),
    z.object({ intent: z.literal("move_to_wishlist"), productId }),
  ],
  { error: "Неизвестное действие с корзиной" },
);
export type BasketMutation = z.input<typeof basketMutationSchema>;
export type BasketMutationInput = z.output<typeof basketMutationSchema>;

export const idempotencyHeaderSchema = z.object({
  "idempotency-key": z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, { error: "Ключ идемпотентности: 8–100 латинских букв, цифр, _ . : -" })
    .optional()
    .describe(
      "Ключ изменения от клиента: изменение с ключом, уже применённым к этой корзине, не применяется снова — ответом будет текущая корзина",
    ),
});
