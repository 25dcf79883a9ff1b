import { z } from "zod";
import { DELIVERY_TYPES } from "./address-book.ts";
import { idParam } from "./id-param.ts";
import { kopecksSchema, pointsSchema } from "./money-schema.ts";
import { ORDER_STATUSES, type OrderStatus } from "./order-states.ts";

// Orders, their placement and their payment (commerce.md, Order, stock and payment; ADR 040).
// Money in kopecks, points in whole points (1 point = 1 ₽).

export { ORDER_STATUS_TEXT } from "./order-states.ts";
export { ORDER_STATUSES, type OrderStatus };

/** Statuses on the "active" tab of the orders list; the rest are "completed". */
export const ACTIVE_ORDER_STATUSES: readonly OrderStatus[] = [
  "awaiting_payment",
  "paid",
  "assembling",
  "in_delivery",
  "ready_for_pickup",
];

export const CHECKOUT_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

const message = {
  checkoutKey: "Не удалось оформить заказ: обновите страницу и попробуйте ещё раз",
  slot: "Выберите интервал доставки",
  address: "Выберите адрес доставки",
  bonus: "Укажите, сколько баллов списать",
} as const;

export const slotChoiceSchema = z.object({
  date: z.iso.date({ error: message.slot }),
  startsHour: z.number({ error: message.slot }).int({ error: message.slot }).min(0).max(23),
});
export type SlotChoice = z.infer<typeof slotChoiceSchema>;

/** What the client saw of a line on the delivery step: compared with the catalogue, never trusted. */
export const expectedLineSchema = z.object({
  productId: z.number().int().positive(),
  quantity: z.number().int().positive().max(10_000),
  /** Kopecks per unit, as shown. */
  price: z.number().int().positive(),
});

/**
 * `POST /api/v1/orders`: place an order from the selected basket lines. A retry with the same
 * `checkoutKey` returns the same order (200) instead of making another (201).
 */
export const placeOrderSchema = z.object({
  checkoutKey: z
    .string({ error: message.checkoutKey })
    .regex(CHECKOUT_KEY_PATTERN, { error: message.checkoutKey }),
  /** The basket version the delivery step showed; another version is 409 `basket_changed`. */
  basketVersion: z.number().int().min(0),
  /** The selected lines as shown, to flag what changed since (price, stock, limits). */
  expectedLines: z.array(expectedLineSchema).min(1).max(200),
  deliveryType: z.enum(DELIVERY_TYPES),
  /** The shopper's own saved address of that type (courier address or chosen pickup point). */
  addressId: z.number({ error: message.address }).int({ error: message.address }).positive(),
  /** Courier only: the time window. */
  slot: slotChoiceSchema.optional(),
  /** One of the shopper's recipients; absent: the shopper themself (name and phone from the profile). */
  recipientId: z.number().int().positive().optional(),
  /** Points to spend at once (may be changed on the payment step). */
  bonusPoints: z.number({ error: message.bonus }).int({ error: message.bonus }).min(0).default(0),
});
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;

/** A line the placement could not take as it was, with the reason in Russian. */
export const lineProblemSchema = z.object({
  productId: z.number().int(),
  code: z.enum([
    "price_changed",
    "out_of_stock",
    "not_enough_stock",
    "over_limit",
    "not_sold",
    "not_in_basket",
  ]),
  message: z.string(),
  /** The current price (price_changed) or how many can be bought now (stock and limits). */
  price: z.number().int().optional(),
  available: z.number().int().optional(),
});
export type LineProblem = z.infer<typeof lineProblemSchema>;

/** The body of a 409 `order_lines_changed` answer to a placement. */
export const placementConflictSchema = z.object({
  status: z.literal(409),
  code: z.string(),
  type: z.string(),
  message: z.string(),
  lines: z.array(lineProblemSchema),
});

export const orderLineSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  price: kopecksSchema,
  oldPrice: kopecksSchema.nullable(),
  cashbackPoints: pointsSchema,
  image: z.object({ url: z.string(), width: z.number(), height: z.number(), alt: z.string() }).nullable(),
});

export const orderShipmentSchema = z.object({
  id: z.number().int(),
  seller: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  /** Where this seller's parcel is: operators move each shipment (ADR 053). */
  status: z.enum(ORDER_STATUSES),
  statusText: z.string(),
  deliveryDate: z.iso.date(),
  deliveryTotal: kopecksSchema,
  /** Pickup: the last day the point keeps the parcel, once it is there. */
  storageUntil: z.iso.date().nullable(),
  /** Pickup: the code to give at the point, only while the parcel waits there. */
  pickupCode: z.string().nullable(),
  /** When the parcel reached the shopper. */
  deliveredAt: z.iso.datetime({ offset: true }).nullable(),
  /** The shopper may cancel this parcel now (paid, not yet handed to delivery; ADR 054). */
  cancellable: z.boolean(),
  /** Why it was called off, in Russian, once cancelled or not collected. */
  cancelReason: z.string().nullable(),
  lines: z.array(orderLineSchema),
});

/** Money and points given back for parcels called off (ADR 054). */
export const orderRefundSchema = z.object({
  id: z.number().int(),
  shipmentIds: z.array(z.number().int()),
  /** To the card, kopecks. */
  amount: kopecksSchema,
  /** To the points balance. */
  points: pointsSchema,
  status: z.enum(["pending", "done", "failed"]),
  statusText: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});

/** One change in the order's timeline: the order's (placed, paid, cancelled) or one shipment's. */
export const orderEventSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  status: z.enum(ORDER_STATUSES),
  statusText: z.string(),
  /** The shipment moved, when the event is one parcel's. */
  shipmentId: z.number().int().nullable(),
});

export const orderDeliverySchema = z.object({
  type: z.enum(DELIVERY_TYPES),
  city: z.string(),
  address: z.string(),
  entrance: z.string().nullable().optional(),
  floor: z.string().nullable().optional(),
  flat: z.string().nullable().optional(),
  intercom: z.string().nullable().optional(),
  comment: z.string().nullable().optional(),
  /** Pickup: the point's name and hours. */
  pointName: z.string().nullable().optional(),
  hours: z.string().nullable().optional(),
  /** Courier: the booked window. */
  slot: z.object({ date: z.iso.date(), startsHour: z.number().int(), endsHour: z.number().int() }).nullable(),
});

export const orderRecipientSchema = z.object({
  surname: z.string(),
  name: z.string(),
  patronymic: z.string().nullable(),
  phone: z.string(),
  email: z.string().nullable(),
});

/** `installments`: «Оплата частями» through the acquirer's page, the bank deciding (ADR 062). */
export const paymentMethodSchema = z.enum(["card", "sbp", "installments"]);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusText: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  paymentDeadline: z.iso.datetime({ offset: true }),
  goodsTotal: kopecksSchema,
  discountTotal: kopecksSchema,
  deliveryTotal: kopecksSchema,
  bonusSpent: pointsSchema,
  cashbackPoints: pointsSchema,
  toPay: kopecksSchema,
  /** What the card (or SBP) paid, kopecks; 0 until paid or when paid fully with points. */
  paidByCard: kopecksSchema,
  /** How that money was paid: by card, through SBP or in installments; null until paid, or when points paid it all. */
  paidWith: z.enum(["card", "sbp", "installments"]).nullable(),
  /** The installment plan's term in months when `paidWith` is `installments`, else null. */
  installmentMonths: z.number().int().nullable(),
  /**
   * Every line of the order is sold in installments (ADR 062): the payment step offers «Оплата частями»
   * when this holds and the sum left after points is within the bank's limits.
   */
  installmentsEligible: z.boolean(),
  delivery: orderDeliverySchema,
  recipient: orderRecipientSchema,
  shipments: z.array(orderShipmentSchema),
  /** Every status change, oldest first. */
  timeline: z.array(orderEventSchema),
  /** The shopper may cancel the whole order now: every parcel still on its way can be cancelled. */
  cancellable: z.boolean(),
  /** Kopecks the acquirer says went back to the card. */
  refundedTotal: kopecksSchema,
  refunds: z.array(orderRefundSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListItemSchema = orderSchema
  .pick({
    id: true,
    number: true,
    status: true,
    statusText: true,
    createdAt: true,
    toPay: true,
    goodsTotal: true,
    bonusSpent: true,
    deliveryTotal: true,
  })
  .extend({
    /** Earliest and latest shipment dates. */
    deliveryDates: z.array(z.iso.date()),
    deliveryPlace: z.string(),
    deliveryType: z.enum(DELIVERY_TYPES),
    itemsCount: z.number().int(),
    images: z.array(z.object({ url: z.string(), alt: z.string() })),
    /** Each parcel: where it is and its day (delivery, the point's storage deadline, or received). */
    shipments: z.array(
      z.object({
        id: z.number().int(),
        seller: z.string(),
        status: z.enum(ORDER_STATUSES),
        statusText: z.string(),
        deliveryDate: z.iso.date(),
        storageUntil: z.iso.date().nullable(),
        deliveredAt: z.iso.datetime({ offset: true }).nullable(),
      }),
    ),
  });
export const orderListSchema = z.object({ items: z.array(orderListItemSchema) });

export const orderListQuerySchema = z.object({
  tab: z.enum(["active", "completed"], { error: "Неизвестная вкладка заказов" }).default("active"),
});

export const orderParamsSchema = z.object({ id: idParam("Заказ не найден", 999_999_999_999) });

/** The bonus rules of one order on the payment step (ADR 040). */
export const bonusOptionsSchema = z.object({
  balance: pointsSchema,
  /** Smallest spend, points (0 allowed = not spending). */
  min: pointsSchema,
  /** Largest spend for this order, points: the share of the goods total, the balance and the order's total. */
  max: pointsSchema,
  /** Currently applied to the order. */
  applied: pointsSchema,
});
export type BonusOptions = z.infer<typeof bonusOptionsSchema>;

/** `POST /api/v1/orders/{id}/payments`: start paying (a new `Init` for each call while unpaid). */
export const startPaymentSchema = z.object({
  method: paymentMethodSchema.default("card"),
  /** With `installments`: the term, months (contract/installments.ts says which the sum allows). */
  installmentMonths: z.number({ error: "Выберите срок рассрочки" }).int().min(2).max(24).optional(),
  bonusPoints: z
    .number({ error: message.bonus })
    .int({ error: message.bonus })
    .min(0, { error: message.bonus }),
});
export type StartPaymentInput = z.input<typeof startPaymentSchema>;

export const startPaymentResultSchema = z.discriminatedUnion("kind", [
  /** Go to the acquirer's page. */
  z.object({ kind: z.literal("redirect"), paymentUrl: z.string() }),
  /** Paid fully with points: no card needed. */
  z.object({ kind: z.literal("paid"), orderId: z.number().int() }),
]);
export type StartPaymentResult = z.infer<typeof startPaymentResultSchema>;

/** The outcome of a payment as `/thank-you` and `/fail` show it (after a `GetState` check). */
export const paymentOutcomeSchema = z.object({
  orderId: z.number().int(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  paid: z.boolean(),
});

export const bonusBalanceSchema = z.object({ balance: z.number().int(), pending: z.number().int() });
export type BonusBalance = z.infer<typeof bonusBalanceSchema>;
