import { randomInt } from "node:crypto";
import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import {
  canMoveOrder,
  canMovePayment,
  canSummarise,
  type OrderStatus,
  type PaymentStatus,
} from "#contract/order-states.ts";
import {
  addresses,
  bonusAccounts,
  basketLines,
  baskets,
  cities,
  deliverySlots,
  inventory,
  orderEvents,
  orderLines,
  orderNotes,
  orderRefunds,
  orderShipments,
  orders,
  paymentProblems,
  payments,
  pickupPoints,
  productImages,
  products,
  recipients,
  sellers,
  users,
} from "#server/db/schema/index.ts";
import {
  columnFields,
  intArray,
  prepareSql,
  sharedStatement,
  statementOnce,
} from "#server/db/statement-once.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import { installmentsExpr } from "#server/domain/catalog/repository.ts";
import { createInventoryRepository, stockOnHand } from "#server/domain/inventory/repository.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { returnPaymentJob } from "./payment-jobs.ts";

/**
 * The first key of the two-key advisory lock that serialises one user's placements (the second is the
 * user id): a retried placement waits for the first and then finds its order by the checkout key.
 */
const PLACEMENT_LOCK = 7_350_040;

const placementLock = sharedStatement("placement_lock", (db, name) =>
  prepareSql(
    db,
    sql`SELECT pg_advisory_xact_lock(${sql.raw(String(PLACEMENT_LOCK))}, ${sql.placeholder("userId")}::int)`,
    name,
    [],
  ),
);

export type OrderRow = typeof orders.$inferSelect;
export type ProductRow = Awaited<
  ReturnType<ReturnType<typeof createOrdersRepository>["lockProducts"]>
>[number];
export type PaymentRow = typeof payments.$inferSelect;

type ShipmentRow = typeof orderShipments.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type ImageRow = typeof productImages.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;
/** A json column: parsed by both drivers as they are set up; a string would be a driver set up otherwise. */
type JsonRows<T> = T[] | string;
type ShipmentJson = Pick<
  ShipmentRow,
  "id" | "deliveryDate" | "deliveryTotal" | "status" | "storageUntil" | "pickupCode" | "cancelReason"
> & { deliveredAt: string | null; sellerId: number; sellerCode: string; sellerName: string };
type LineJson = Pick<
  LineRow,
  "id" | "productId" | "shipmentId" | "name" | "quantity" | "price" | "oldPrice" | "cashbackPoints"
> & {
  imageUrl: ImageRow["url"] | null;
  imageWidth: ImageRow["width"] | null;
  imageHeight: ImageRow["height"] | null;
  imageAlt: ImageRow["alt"] | null;
  /** Not sold in installments (ADR 062). */
  ineligible: boolean;
};
type PaymentJson = Pick<
  PaymentRow,
  "attempt" | "provider" | "method" | "installmentMonths" | "amount" | "status"
>;
type EventJson = { id: number; toStatus: string; shipmentId: number | null; createdAt: string };
type RefundJson = Pick<RefundRow, "id" | "shipmentIds" | "amount" | "points" | "status"> & {
  createdAt: string;
};
type SlotJson = { date: string; startsHour: number; endsHour: number };

type OrderLineJson = Pick<LineRow, "id" | "orderId" | "quantity" | "name"> & {
  imageUrl: ImageRow["url"] | null;
};
type ShipmentDatesJson = Pick<ShipmentRow, "id" | "orderId" | "deliveryDate" | "status" | "storageUntil"> & {
  deliveredAt: string | null;
  seller: string;
};

/** The order page's parts besides the order row (`details`), dates as dates. */
export interface OrderDetails {
  shipments: (Omit<ShipmentJson, "deliveredAt"> & { deliveredAt: Date | null })[];
  lines: LineJson[];
  payments: PaymentJson[];
  events: (Omit<EventJson, "createdAt"> & { createdAt: Date })[];
  refunds: (Omit<RefundJson, "createdAt"> & { createdAt: Date })[];
  slot: SlotJson | null;
}

/**
 * A line's first picture (`pi.url`, …) in the order statements' subqueries: looked up by its key for each
 * line. A plain join left the plan to the table's estimates, and stale ones (after many orders came and
 * went) hashed every product's pictures once per order: 59 ms for 20 orders instead of 4.
 */
const firstPicture = sql`LEFT JOIN LATERAL (
  SELECT url, width, height, alt FROM ${productImages} WHERE product_id = ol.product_id AND position = 0
) pi ON TRUE`;

function fromJson<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}
export type NewOrder = typeof orders.$inferInsert;
/** What a placement writes onto an order's row (the rest: the columns' defaults). */
export type PlacedOrder = Pick<NewOrder, (typeof PLACED_ORDER_COLUMNS)[number]>;
/** A seller's shipment of a new order with its lines. */
export interface PlacedShipment {
  sellerId: number;
  deliveryDate: string;
  deliveryTotal: number;
  lines: Omit<typeof orderLines.$inferInsert, "orderId" | "shipmentId">[];
}
type NewPayment = typeof payments.$inferInsert;

// The statements of an order placement (issue 23, point 4; ADR 077), each built once for the process and
// named: a placement is one transaction, and its repository lives only as long, so Drizzle built every one
// of them again for every order — a fifth of the placing app's CPU. Every value is a placeholder; a list of
// ids is one `int[]` (`intArray`), so a basket of any size runs the same text.

const p = sql.placeholder;

/** The order a retry of this checkout key already made, and the user's orders awaiting payment. */
const placementOrdersStatement = sharedStatement("placement_orders", (db, name) =>
  db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, p("userId")),
        or(eq(orders.checkoutKey, p("checkoutKey")), eq(orders.status, p("awaitingPayment"))),
      ),
    )
    .orderBy(asc(orders.id))
    .prepare(name),
);

/** The user's basket row, locked for the rest of the transaction. */
const lockedBasketStatement = sharedStatement("placement_basket", (db, name) =>
  db
    .select({ id: baskets.id, version: baskets.version })
    .from(baskets)
    .where(eq(baskets.userId, p("userId")))
    .for("update")
    .prepare(name),
);

/** The basket's selected lines, in product order. */
const selectedLinesStatement = sharedStatement("placement_basket_lines", (db, name) =>
  db
    .select({ productId: basketLines.productId, quantity: basketLines.quantity })
    .from(basketLines)
    .where(and(eq(basketLines.basketId, p("basketId")), sql`${basketLines.selected}`))
    .orderBy(asc(basketLines.productId))
    .prepare(name),
);

const productColumns = {
  id: products.id,
  name: products.name,
  sellerId: products.sellerId,
  price: products.price,
  oldPrice: products.oldPrice,
  cashbackPercent: products.cashbackPercent,
  stock: stockOnHand,
  isPreorder: products.isPreorder,
  isComingSoon: products.isComingSoon,
  orderLimit: products.orderLimit,
};
const chosenProducts = sql`${products.id} = any(${p("ids")}::int[])`;

/**
 * The products of a basket with their stock, without locks: the first look; with each seller's cut-off
 * hour and the place it ships from (a seller without one ships from the largest city), for the dates.
 */
const productsStatement = sharedStatement("placement_products", (db, name) =>
  db
    .select({
      ...productColumns,
      warehouse: {
        cutoffHour: sellers.cutoffHour,
        latitude: cities.latitude,
        longitude: cities.longitude,
        timezone: cities.timezone,
      },
    })
    .from(products)
    .leftJoin(inventory, eq(inventory.productId, products.id))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .innerJoin(
      cities,
      eq(
        cities.id,
        sql`coalesce(${sellers.warehouseCityId}, (SELECT ${cities.id} FROM ${cities} ORDER BY ${cities.population} DESC LIMIT 1))`,
      ),
    )
    .where(chosenProducts)
    .orderBy(asc(products.id))
    .prepare(name),
);

/**
 * The same rows with their stock rows locked in id order. The stock rows are what placements contend for,
 * so those are locked (ADR 048), not the catalogue's: a placement and an expiry both reach `products` only
 * through the inventory trigger, after the stock row, so the two kinds of lock are always taken in one
 * order. NO KEY UPDATE, not UPDATE: nothing refers to these rows by key, and it is all a conditional update
 * needs. Locking needs the inner join; a product without a stock row has none, which the first, unlocked
 * look already refused.
 */
const lockedProductsStatement = sharedStatement("placement_products_locked", (db, name) =>
  db
    .select(productColumns)
    .from(products)
    .innerJoin(inventory, eq(inventory.productId, products.id))
    .where(chosenProducts)
    .orderBy(asc(products.id))
    .for("no key update", { of: inventory })
    .prepare(name),
);

/**
 * What a placement needs of the shopper, in one read: the user's own address of that type with its
 * (pickup) point and its city's row (the point's city for a pickup: the courier zone, the delivery dates
 * and the slots need it), the saved recipient asked for (none for a null id), the shopper's own name and
 * contacts (the recipient when none is chosen), and the points balance.
 */
const shopperStatement = sharedStatement("placement_shopper", (db, name) =>
  db
    .select({
      address: {
        id: addresses.id,
        address: addresses.address,
        entrance: addresses.entrance,
        floor: addresses.floor,
        flat: addresses.flat,
        intercom: addresses.intercom,
        comment: addresses.comment,
        latitude: addresses.latitude,
        longitude: addresses.longitude,
        pickupPointId: addresses.pickupPointId,
        pointName: pickupPoints.name,
        pointAddress: pickupPoints.address,
        hours: pickupPoints.hours,
      },
      city: getTableColumns(cities),
      recipient: {
        surname: recipients.surname,
        name: recipients.name,
        patronymic: recipients.patronymic,
        phone: recipients.phone,
        email: recipients.email,
      },
      profile: {
        surname: users.surname,
        name: users.name,
        patronymic: users.patronymic,
        phone: users.phone,
        email: users.email,
      },
      balance: sql<number>`coalesce(${bonusAccounts.balance}, 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(
      addresses,
      and(eq(addresses.id, p("addressId")), eq(addresses.userId, users.id), eq(addresses.type, p("type"))),
    )
    .leftJoin(pickupPoints, eq(pickupPoints.id, addresses.pickupPointId))
    .leftJoin(cities, eq(cities.id, sql`coalesce(${pickupPoints.cityId}, ${addresses.cityId})`))
    .leftJoin(recipients, and(eq(recipients.id, p("recipientId")), eq(recipients.userId, users.id)))
    .leftJoin(bonusAccounts, eq(bonusAccounts.userId, users.id))
    .where(eq(users.id, p("userId")))
    .prepare(name),
);

/** The shopper's own name and contacts (receipts and texts address them). */
const profileStatement = sharedStatement("user_profile", (db, name) =>
  db
    .select({
      surname: users.surname,
      name: users.name,
      patronymic: users.patronymic,
      phone: users.phone,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, p("userId")))
    .prepare(name),
);

/** What a placement writes onto the order's row; the rest takes the columns' defaults. */
export const PLACED_ORDER_COLUMNS = [
  "number",
  "userId",
  "status",
  "checkoutKey",
  "basketVersion",
  "deliveryType",
  "cityId",
  "addressId",
  "pickupPointId",
  "delivery",
  "recipient",
  "goodsTotal",
  "discountTotal",
  "deliveryTotal",
  "bonusSpent",
  "cashbackPoints",
  "toPay",
  "paymentDeadline",
] as const satisfies readonly (keyof typeof orders.$inferInsert)[];

const orderFields = columnFields(getTableColumns(orders));

/**
 * The order with its shipments (one per seller), its lines and its first event, in one statement: the
 * order's row as inserted, or none when its number was taken (the caller draws another; nothing else was
 * written). `shipments` and `lines` are JSON arrays; a line names its seller, whose shipment it joins.
 */
const placedOrderStatement = sharedStatement("placement_order", (db, name) => {
  const order = db
    .insert(orders)
    .values(
      Object.fromEntries(
        PLACED_ORDER_COLUMNS.map((key) => [key, p(key)]),
      ) as unknown as typeof orders.$inferInsert,
    )
    .onConflictDoNothing({ target: orders.number })
    .returning();
  const returned = sql.join(
    orderFields.map(({ field }) => sql`o.${sql.identifier(field.name)}`),
    sql`, `,
  );
  const query = sql`WITH o AS (${order.getSQL()}),
  s AS (
    INSERT INTO ${orderShipments} (order_id, seller_id, delivery_date, delivery_total)
    SELECT o.id, x.seller_id, x.delivery_date, x.delivery_total
    FROM o, json_to_recordset(${p("shipments")}::json) AS x (seller_id int, delivery_date date, delivery_total int)
    RETURNING id, seller_id
  ),
  l AS (
    INSERT INTO ${orderLines}
      (order_id, shipment_id, product_id, name, quantity, price, old_price, cashback_percent, cashback_points)
    SELECT o.id, s.id, y.product_id, y.name, y.quantity, y.price, y.old_price, y.cashback_percent,
      y.cashback_points
    FROM o, json_to_recordset(${p("lines")}::json) AS y (seller_id int, product_id int, name text,
      quantity int, price int, old_price int, cashback_percent smallint, cashback_points int)
      JOIN s ON s.seller_id = y.seller_id
  ),
  e AS (
    INSERT INTO ${orderEvents} (order_id, to_status, actor_kind) SELECT o.id, o.status, 'shopper' FROM o
  )
SELECT ${returned} FROM o`;
  return prepareSql<typeof orders.$inferSelect>(db, query, name, orderFields);
});

/**
 * The shopper's orders in some statuses with their lines and shipments' dates, newest first: the account's
 * two tabs, each a named statement built once for the process (ADR 077). The statuses (words of
 * ORDER_STATUSES) are one `text[]` parameter, so each tab's text never varies.
 */
const ordersOfUser = (name: string) =>
  sharedStatement(name, (db, statement) =>
    db
      .select({
        order: getTableColumns(orders),
        lines: sql<JsonRows<OrderLineJson>>`(SELECT coalesce(json_agg(l ORDER BY l.id), '[]') FROM (
            SELECT ol.id, ol.order_id AS "orderId", ol.quantity, ol.name, pi.url AS "imageUrl"
            FROM ${orderLines} ol ${firstPicture}
            WHERE ol.order_id = orders.id) l)`,
        shipments: sql<JsonRows<ShipmentDatesJson>>`(SELECT coalesce(json_agg(s ORDER BY s.id), '[]') FROM (
            SELECT os.id, os.order_id AS "orderId", os.delivery_date AS "deliveryDate", os.status,
              os.storage_until AS "storageUntil", os.delivered_at AS "deliveredAt", se.name AS seller
            FROM ${orderShipments} os JOIN ${sellers} se ON se.id = os.seller_id
            WHERE os.order_id = orders.id) s)`,
      })
      .from(orders)
      .where(and(eq(orders.userId, p("userId")), sql`${orders.status} = any(${p("statuses")}::text[])`))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(p("limit"))
      .prepare(statement),
  );
const ordersOfTab = { active: ordersOfUser("orders_active"), completed: ordersOfUser("orders_completed") };

/** Everything placement, payment and expiry read and write, over the database or one transaction. */
export function createOrdersRepository(db: Executor) {
  const stock = createInventoryRepository(db);
  // Named (ADR 075): the shopper's order by its id, read by the order's page and its payment step twice
  // (the order, its points) on every visit.
  const orderOfUser = statementOnce(() =>
    db
      .select()
      .from(orders)
      .where(and(eq(orders.id, sql.placeholder("orderId")), eq(orders.userId, sql.placeholder("userId"))))
      .prepare("order_of_user"),
  );

  async function selectOrder(orderId: number, userId: number | undefined, lock: boolean) {
    if (userId !== undefined && !lock) {
      const [row] = await orderOfUser().execute({ orderId, userId });
      return row;
    }
    const query = db
      .select()
      .from(orders)
      .where(
        userId === undefined
          ? eq(orders.id, orderId)
          : and(eq(orders.id, orderId), eq(orders.userId, userId)),
      );
    const [row] = await (lock ? query.for("update") : query);
    return row;
  }

  /**
   * The only writer of a payment's status, as `transition` is of an order's: PAYMENT_TRANSITIONS must
   * list the move, and the row must still be in `from`.
   */
  async function movePayment(
    paymentId: number,
    from: PaymentStatus,
    to: PaymentStatus,
    values: Omit<Partial<NewPayment>, "status"> = {},
  ): Promise<PaymentRow | undefined> {
    if (!canMovePayment(from, to)) {
      throw new Error(`payment ${paymentId}: ${from} → ${to} is not a transition`);
    }
    const [row] = await db
      .update(payments)
      .set({ ...values, status: to, updatedAt: sql`now()` })
      .where(and(eq(payments.id, paymentId), eq(payments.status, from)))
      .returning();
    return row;
  }

  return {
    async lockUserPlacements(userId: number): Promise<void> {
      await placementLock(db).execute({ userId });
    },

    /**
     * What a placement checks first, in one read: the order a retry of this checkout key already made,
     * and the user's orders awaiting payment, oldest first (the one this basket already became, and the
     * limit of unpaid orders) — at most MAX_UNPAID_ORDERS rows and the key's.
     */
    async placementOrders(
      userId: number,
      checkoutKey: string,
    ): Promise<{ existing: OrderRow | undefined; unpaid: OrderRow[] }> {
      const rows = await placementOrdersStatement(db).execute({
        userId,
        checkoutKey,
        awaitingPayment: "awaiting_payment",
      });
      return {
        existing: rows.find((row) => row.checkoutKey === checkoutKey),
        unpaid: rows.filter((row) => row.status === "awaiting_payment"),
      };
    },

    /** The user's basket with its selected lines; locks the basket row for the rest of the transaction. */
    async basketForPlacement(userId: number) {
      const [basket] = await lockedBasketStatement(db).execute({ userId });
      if (!basket) return undefined;
      const lines = await selectedLinesStatement(db).execute({ basketId: basket.id });
      return { ...basket, lines };
    },

    /**
     * The products of an order with their stock rows locked in id order (`FOR NO KEY UPDATE`): two
     * placements of overlapping baskets queue on the same rows in the same order and never deadlock, and
     * each sees the other's stock.
     */
    lockProducts: async (ids: readonly number[]) =>
      ids.length === 0 ? [] : lockedProductsStatement(db).execute({ ids: intArray(ids) }),

    /** The same rows without locks, a first look before anything is held, with their sellers' warehouses. */
    readProducts: async (ids: readonly number[]) =>
      ids.length === 0 ? [] : productsStatement(db).execute({ ids: intArray(ids) }),

    /** Takes each line's units where there are that many: the products taken (inventory/repository.ts). */
    takeStock: (lines: readonly { productId: number; quantity: number }[]): Promise<Set<number>> =>
      stock.takeAll(lines),

    /** Gives an order's units back (inventory/repository.ts). */
    returnStock: (lines: readonly { productId: number; quantity: number }[]): Promise<void> =>
      stock.giveBack(lines),

    /**
     * The shopper's address of that type (undefined if not theirs) with its city, the saved recipient
     * asked for (undefined if none or not theirs), their own name and contacts, and their points balance.
     */
    async placementShopper(
      userId: number,
      wanted: { addressId: number; type: "courier" | "pickup"; recipientId: number | undefined },
    ) {
      const [row] = await shopperStatement(db).execute({
        userId,
        addressId: wanted.addressId,
        type: wanted.type,
        recipientId: wanted.recipientId ?? null,
      });
      if (!row) return undefined;
      const { address, city, recipient, profile, balance } = row;
      return {
        address: address.id === null ? undefined : { ...address, id: address.id, city },
        recipient: recipient ?? undefined,
        profile,
        balance,
      };
    },

    async profile(userId: number) {
      const [row] = await profileStatement(db).execute({ userId });
      return row;
    },

    /**
     * Books one place in a courier window: the window's row is made on first use with `capacity`, then
     * `booked` moves by a conditional update, so it never passes the capacity. Undefined when full.
     */
    async bookSlot(slot: {
      cityId: number;
      date: string;
      startsHour: number;
      endsHour: number;
      capacity: number;
    }): Promise<number | undefined> {
      await db.insert(deliverySlots).values(slot).onConflictDoNothing();
      const [row] = await db
        .update(deliverySlots)
        .set({ booked: sql`${deliverySlots.booked} + 1` })
        .where(
          and(
            eq(deliverySlots.cityId, slot.cityId),
            eq(deliverySlots.date, slot.date),
            eq(deliverySlots.startsHour, slot.startsHour),
            eq(deliverySlots.endsHour, slot.endsHour),
            sql`${deliverySlots.booked} < ${deliverySlots.capacity}`,
          ),
        )
        .returning({ id: deliverySlots.id });
      return row?.id;
    },

    async releaseSlot(slotId: number): Promise<void> {
      await db
        .update(deliverySlots)
        .set({ booked: sql`${deliverySlots.booked} - 1` })
        .where(and(eq(deliverySlots.id, slotId), sql`${deliverySlots.booked} > 0`));
    },

    async slot(slotId: number) {
      const [row] = await db.select().from(deliverySlots).where(eq(deliverySlots.id, slotId));
      return row;
    },

    /**
     * Inserts the order awaiting payment with its shipments, lines and first event in one statement
     * (`placedOrderStatement`), under a random number (`randomOrderNumber`), drawing again in the rare case
     * it is taken: the unique index decides, so two placements drawing the same number cannot both have it,
     * and a taken number writes nothing.
     */
    async insertPlacedOrder(
      order: Omit<PlacedOrder, "number">,
      shipments: readonly PlacedShipment[],
    ): Promise<OrderRow> {
      const values = {
        ...order,
        shipments: JSON.stringify(
          shipments.map((s) => ({
            seller_id: s.sellerId,
            delivery_date: s.deliveryDate,
            delivery_total: s.deliveryTotal,
          })),
        ),
        lines: JSON.stringify(
          shipments.flatMap((s) =>
            s.lines.map((l) => ({
              seller_id: s.sellerId,
              product_id: l.productId,
              name: l.name,
              quantity: l.quantity,
              price: l.price,
              old_price: l.oldPrice,
              cashback_percent: l.cashbackPercent,
              cashback_points: l.cashbackPoints,
            })),
          ),
        ),
      };
      for (let draw = 0; draw < ORDER_NUMBER_DRAWS; draw += 1) {
        const [row] = await placedOrderStatement(db).execute({ ...values, number: randomOrderNumber() });
        if (row) return row;
      }
      throw new Error(`no free order number in ${ORDER_NUMBER_DRAWS} draws: widen the numbers (ADR 040)`);
    },

    /** The order if it is this user's (else undefined: another's order does not exist for them). */
    order: (orderId: number, userId?: number): Promise<OrderRow | undefined> =>
      selectOrder(orderId, userId, false),

    /** The order locked for a status change, if it is this user's (any user's when none is given). */
    lockOrder: (orderId: number, userId?: number): Promise<OrderRow | undefined> =>
      selectOrder(orderId, userId, true),

    async updateOrder(orderId: number, values: Omit<Partial<NewOrder>, "status">): Promise<OrderRow> {
      const [row] = await db
        .update(orders)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId))
        .returning();
      return row!;
    },

    /**
     * The only writer of an order's status: moves it from `from` to `to` if ORDER_TRANSITIONS lists the
     * move (else a programming error is thrown) and only if it is still in `from`, so of any number of
     * racing callers (notifications, status checks, jobs on several instances) exactly one gets the row.
     */
    async transition(
      orderId: number,
      from: OrderStatus,
      to: OrderStatus,
      values: Omit<Partial<NewOrder>, "status"> = {},
    ): Promise<OrderRow | undefined> {
      if (!canMoveOrder(from, to)) throw new Error(`order ${orderId}: ${from} → ${to} is not a transition`);
      const [row] = await db
        .update(orders)
        .set({ ...values, status: to, updatedAt: sql`now()` })
        .where(and(eq(orders.id, orderId), eq(orders.status, from)))
        .returning();
      return row;
    },

    /**
     * Everything the order's page shows besides the order row, in one statement (issue 23: a placement
     * answered with six reads after its commit, and each round trip costs this machine more than the read):
     * shipments with their sellers, lines with their first pictures, payments, the timeline, refunds, the
     * lines not sold in installments and the courier slot. Named: its seven subqueries are planned once per
     * connection. A line's product and picture are looked up by key (LATERAL): the product's subquery is
     * named `products`, as `installmentsExpr` names the table.
     */
    async details(orderId: number): Promise<OrderDetails> {
      const [row] = await db
        .select({
          // Columns by their qualified names: Drizzle leaves a one-table select's own columns unqualified,
          // which inside these subqueries would name the subquery's table instead of the order's.
          shipments: sql<JsonRows<ShipmentJson>>`(SELECT coalesce(json_agg(s ORDER BY s.id), '[]') FROM (
            SELECT os.id, os.delivery_date AS "deliveryDate", os.delivery_total AS "deliveryTotal", os.status,
              os.storage_until AS "storageUntil", os.pickup_code AS "pickupCode", os.delivered_at AS "deliveredAt",
              os.cancel_reason AS "cancelReason", se.id AS "sellerId", se.code AS "sellerCode",
              se.name AS "sellerName"
            FROM ${orderShipments} os JOIN ${sellers} se ON se.id = os.seller_id
            WHERE os.order_id = orders.id) s)`,
          lines: sql<JsonRows<LineJson>>`(SELECT coalesce(json_agg(l ORDER BY l.id), '[]') FROM (
            SELECT ol.id, ol.product_id AS "productId", ol.shipment_id AS "shipmentId", ol.name, ol.quantity,
              ol.price, ol.old_price AS "oldPrice", ol.cashback_points AS "cashbackPoints",
              pi.url AS "imageUrl", pi.width AS "imageWidth", pi.height AS "imageHeight", pi.alt AS "imageAlt",
              NOT ${installmentsExpr(products.categoryId)} AS ineligible
            FROM ${orderLines} ol
              JOIN LATERAL (SELECT p.category_id FROM ${products} p WHERE p.id = ol.product_id) AS products ON TRUE
              ${firstPicture}
            WHERE ol.order_id = orders.id) l)`,
          payments: sql<JsonRows<PaymentJson>>`(SELECT coalesce(json_agg(p ORDER BY p.attempt), '[]') FROM (
            SELECT pa.attempt, pa.provider, pa.method, pa.installment_months AS "installmentMonths", pa.amount,
              pa.status
            FROM ${payments} pa WHERE pa.order_id = orders.id) p)`,
          events: sql<JsonRows<EventJson>>`(SELECT coalesce(json_agg(e ORDER BY e.id), '[]') FROM (
            SELECT ev.id, ev.to_status AS "toStatus", ev.shipment_id AS "shipmentId", ev.created_at AS "createdAt"
            FROM ${orderEvents} ev WHERE ev.order_id = orders.id) e)`,
          refunds: sql<JsonRows<RefundJson>>`(SELECT coalesce(json_agg(r ORDER BY r.id), '[]') FROM (
            SELECT rf.id, rf.shipment_ids AS "shipmentIds", rf.amount, rf.points, rf.status,
              rf.created_at AS "createdAt"
            FROM ${orderRefunds} rf WHERE rf.order_id = orders.id) r)`,
          slot: sql<SlotJson | null>`(SELECT json_build_object('date', ds.date, 'startsHour', ds.starts_hour,
              'endsHour', ds.ends_hour) FROM ${deliverySlots} ds WHERE ds.id = orders.slot_id)`,
        })
        .from(orders)
        .where(eq(orders.id, sql.placeholder("orderId")))
        .prepare("order_details")
        .execute({ orderId });
      if (!row) throw new Error(`order ${orderId} has no row to read its details from`);
      const at = (value: string) => new Date(value);
      return {
        shipments: fromJson(row.shipments).map((s) => ({
          ...s,
          deliveredAt: s.deliveredAt === null ? null : at(s.deliveredAt),
        })),
        lines: fromJson(row.lines),
        payments: fromJson(row.payments),
        events: fromJson(row.events).map((e) => ({ ...e, createdAt: at(e.createdAt) })),
        refunds: fromJson(row.refunds).map((r) => ({ ...r, createdAt: at(r.createdAt) })),
        slot: row.slot === null ? null : fromJson(row.slot),
      };
    },

    async lines(orderId: number) {
      return db
        .select({
          productId: orderLines.productId,
          shipmentId: orderLines.shipmentId,
          name: orderLines.name,
          quantity: orderLines.quantity,
          price: orderLines.price,
          oldPrice: orderLines.oldPrice,
          cashbackPoints: orderLines.cashbackPoints,
          imageUrl: productImages.url,
          imageWidth: productImages.width,
          imageHeight: productImages.height,
          imageAlt: productImages.alt,
        })
        .from(orderLines)
        .leftJoin(
          productImages,
          and(eq(productImages.productId, orderLines.productId), eq(productImages.position, 0)),
        )
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.id));
    },

    async shipments(orderId: number) {
      return db
        .select({
          id: orderShipments.id,
          deliveryDate: orderShipments.deliveryDate,
          deliveryTotal: orderShipments.deliveryTotal,
          status: orderShipments.status,
          storageUntil: orderShipments.storageUntil,
          pickupCode: orderShipments.pickupCode,
          deliveredAt: orderShipments.deliveredAt,
          cancelReason: orderShipments.cancelReason,
          sellerId: sellers.id,
          sellerCode: sellers.code,
          sellerName: sellers.name,
        })
        .from(orderShipments)
        .innerJoin(sellers, eq(sellers.id, orderShipments.sellerId))
        .where(eq(orderShipments.orderId, orderId))
        .orderBy(asc(orderShipments.id));
    },

    /** The order's shipments as they are, locked: a shipment's move is decided on them. */
    async lockShipments(orderId: number) {
      return db
        .select()
        .from(orderShipments)
        .where(eq(orderShipments.orderId, orderId))
        .orderBy(asc(orderShipments.id))
        .for("update");
    },

    /**
     * The only writer of a shipment's status, as `transition` is of an order's: ORDER_TRANSITIONS must list
     * the move, and the shipment must still be in `from`.
     */
    async moveShipment(
      shipmentId: number,
      from: OrderStatus,
      to: OrderStatus,
      values: Partial<
        Pick<
          typeof orderShipments.$inferInsert,
          "storageUntil" | "pickupCode" | "deliveredAt" | "cancelReason"
        >
      > = {},
    ) {
      if (!canMoveOrder(from, to)) {
        throw new Error(`shipment ${shipmentId}: ${from} → ${to} is not a transition`);
      }
      const [row] = await db
        .update(orderShipments)
        .set({ ...values, status: to })
        .where(and(eq(orderShipments.id, shipmentId), eq(orderShipments.status, from)))
        .returning();
      return row;
    },

    /**
     * Sets the order's status to the sum of its shipments' (`summaryStatus`), when that moved it: forward
     * along the table only, and only from the status it is in.
     */
    async summarise(
      orderId: number,
      from: OrderStatus,
      to: OrderStatus,
      values: Pick<Partial<NewOrder>, "cancelledAt" | "cancelReason" | "cashbackDueAt"> = {},
    ): Promise<OrderRow | undefined> {
      if (!canSummarise(from, to)) throw new Error(`order ${orderId}: ${from} ⇒ ${to} is not forward`);
      const [row] = await db
        .update(orders)
        .set({ ...values, status: to, updatedAt: sql`now()` })
        .where(and(eq(orders.id, orderId), eq(orders.status, from)))
        .returning();
      return row;
    },

    /**
     * Parcels waiting at a point whose last storage day (`storage_until`) is before `today` (the shop's
     * calendar date), oldest first: the not-collected job's work.
     */
    async dueNotCollected(today: string, limit: number): Promise<{ orderId: number; shipmentId: number }[]> {
      return db
        .select({ orderId: orderShipments.orderId, shipmentId: orderShipments.id })
        .from(orderShipments)
        .where(and(eq(orderShipments.status, "ready_for_pickup"), lt(orderShipments.storageUntil, today)))
        .orderBy(asc(orderShipments.storageUntil), asc(orderShipments.id))
        .limit(limit);
    },

    async recordEvent(event: typeof orderEvents.$inferInsert): Promise<void> {
      await db.insert(orderEvents).values(event);
    },

    /** The order's timeline, oldest first. */
    async events(orderId: number) {
      return db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.id));
    },

    /** The timeline as staff read it: each change with the staff account that made it, if one did. */
    async eventsWithActors(orderId: number) {
      return db
        .select({
          at: orderEvents.createdAt,
          status: orderEvents.toStatus,
          shipmentId: orderEvents.shipmentId,
          actorKind: orderEvents.actorKind,
          actorUserId: orderEvents.actorUserId,
          phone: users.phone,
          name: users.name,
          surname: users.surname,
        })
        .from(orderEvents)
        .leftJoin(users, eq(users.id, orderEvents.actorUserId))
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.id));
    },

    /** The storage days of a pickup point (7 by default): how long a parcel waits there. */
    async storageDays(pickupPointId: number): Promise<number> {
      const [row] = await db
        .select({ days: pickupPoints.storageDays })
        .from(pickupPoints)
        .where(eq(pickupPoints.id, pickupPointId));
      return row?.days ?? 7;
    },

    /**
     * The back office's order list (ADR 053): newest first, `limit` orders after the id `before`, each with
     * its shopper's phone; filters by status, number, the shopper's phone, delivery type, a period and a
     * seller (its id or code: orders with a parcel of that seller, through order_shipments_seller_idx).
     */
    async staffList(
      filter: {
        status?: OrderStatus;
        number?: string;
        phone?: string;
        deliveryType?: "courier" | "pickup";
        seller?: string;
        from?: Date;
        to?: Date;
      },
      page: { limit: number; before?: number },
    ) {
      const where: SQL[] = [];
      if (filter.status) where.push(eq(orders.status, filter.status));
      if (filter.number) where.push(eq(orders.number, filter.number));
      if (filter.phone) where.push(eq(users.phone, filter.phone));
      if (filter.deliveryType) where.push(eq(orders.deliveryType, filter.deliveryType));
      if (filter.from) where.push(gte(orders.createdAt, filter.from));
      if (filter.to) where.push(lt(orders.createdAt, filter.to));
      if (filter.seller) {
        const seller = /^\d{1,9}$/.test(filter.seller)
          ? sql`${Number(filter.seller)}`
          : sql`(SELECT ${sellers.id} FROM ${sellers} WHERE ${sellers.code} = ${filter.seller})`;
        where.push(
          sql`EXISTS (SELECT 1 FROM ${orderShipments} WHERE ${orderShipments.orderId} = ${orders.id} AND ${orderShipments.sellerId} = ${seller})`,
        );
      }
      if (page.before) where.push(lt(orders.id, page.before));
      return db
        .select({ order: orders, phone: users.phone })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(and(...where))
        .orderBy(desc(orders.id))
        .limit(page.limit);
    },

    /** The order's internal notes, oldest first, each with its author's name and phone. */
    async notes(orderId: number) {
      return db
        .select({
          id: orderNotes.id,
          text: orderNotes.text,
          authorUserId: orderNotes.authorUserId,
          createdAt: orderNotes.createdAt,
          phone: users.phone,
          name: users.name,
          surname: users.surname,
        })
        .from(orderNotes)
        .leftJoin(users, eq(users.id, orderNotes.authorUserId))
        .where(eq(orderNotes.orderId, orderId))
        .orderBy(asc(orderNotes.id));
    },

    async insertNote(note: typeof orderNotes.$inferInsert): Promise<number> {
      const [row] = await db.insert(orderNotes).values(note).returning({ id: orderNotes.id });
      return row!.id;
    },

    /** Every seller by name, for the back office's seller filter. */
    async sellerChoices() {
      return db
        .select({ id: sellers.id, code: sellers.code, name: sellers.name })
        .from(sellers)
        .orderBy(asc(sellers.name), asc(sellers.id));
    },

    /**
     * The account's list in one statement (issue 23: the orders page's data is what its kept frame
     * leaves to the browser): the user's orders in the tab's statuses, newest first (at most `limit`),
     * with their lines (and each line's first picture) and their shipments' dates and sellers, in line
     * and shipment order. Each tab's statement is named and built once (`ordersOfTab`).
     */
    async listWithParts(
      userId: number,
      tab: keyof typeof ordersOfTab,
      statuses: readonly OrderRow["status"][],
      limit = 100,
    ) {
      const rows = await ordersOfTab[tab](db).execute({ userId, statuses: `{${statuses.join(",")}}`, limit });
      return {
        rows: rows.map((r) => r.order),
        lines: rows.flatMap((r) => fromJson(r.lines)),
        dates: rows.flatMap((r) =>
          fromJson(r.shipments).map((d) => ({
            ...d,
            deliveredAt: d.deliveredAt === null ? null : new Date(d.deliveredAt),
          })),
        ),
      };
    },

    /** Unpaid orders past their deadline, oldest first. */
    async dueUnpaid(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, "awaiting_payment"), lte(orders.paymentDeadline, now)))
        .orderBy(asc(orders.paymentDeadline))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async nextPaymentAttempt(orderId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(max(${payments.attempt}), 0)::int` })
        .from(payments)
        .where(eq(payments.orderId, orderId));
      return (row?.n ?? 0) + 1;
    },

    async insertPayment(payment: typeof payments.$inferInsert): Promise<PaymentRow> {
      const [row] = await db.insert(payments).values(payment).returning();
      return row!;
    },

    /** Changes what a payment records besides its status (its page, the acquirer's last word). */
    async updatePayment(paymentId: number, values: Omit<Partial<NewPayment>, "status">): Promise<void> {
      await db
        .update(payments)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(payments.id, paymentId));
    },

    movePayment,

    async paymentByExternalId(provider: string, externalId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.externalId, externalId)));
      return row;
    },

    async payment(paymentId: number): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
      return row;
    },

    /**
     * Moves a payment from `from` to `returning` and queues the job that gives it back through the
     * acquirer (once per payment, whatever the callers): in the caller's transaction, so both happen or
     * neither. False when the payment had moved on.
     */
    async returnPayment(paymentId: number, from: PaymentStatus, acquirerStatus?: string): Promise<boolean> {
      const moved = await movePayment(paymentId, from, "returning", acquirerStatus ? { acquirerStatus } : {});
      if (!moved) return false;
      await enqueueJob(db, returnPaymentJob, { paymentId }, { key: `payment:${paymentId}` });
      return true;
    },

    /** Lists a payment for an operator (the back office), keeping the latest detail of each kind. */
    async recordPaymentProblem(problem: typeof paymentProblems.$inferInsert) {
      await db
        .insert(paymentProblems)
        .values(problem)
        .onConflictDoUpdate({
          target: [paymentProblems.paymentId, paymentProblems.kind],
          set: { detail: problem.detail, resolvedAt: null },
        });
    },

    /**
     * Payments with a page still open at the acquirer (as far as we know) whose order's payment deadline
     * (the page's lifetime) passed more than `graceMs` ago: a notification about them was lost.
     */
    async openPaymentsPastDeadline(now: Date, graceMs: number, limit: number) {
      return db
        .select({ payment: payments, order: orders })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(
          and(
            inArray(payments.status, ["new", "pending"]),
            sql`${payments.externalId} IS NOT NULL`,
            lte(orders.paymentDeadline, new Date(now.getTime() - graceMs)),
          ),
        )
        .orderBy(asc(payments.id))
        .limit(limit);
    },

    async lockPayment(paymentId: number): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).for("update");
      return row;
    },

    async payments(orderId: number): Promise<PaymentRow[]> {
      return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.attempt));
    },

    /** The names of the order's goods that are not sold in installments (ADR 062), in line order. */
    async installmentIneligible(orderId: number): Promise<string[]> {
      const rows = await db
        .select({ name: orderLines.name })
        .from(orderLines)
        .innerJoin(products, eq(products.id, orderLines.productId))
        .where(and(eq(orderLines.orderId, orderId), sql`NOT ${installmentsExpr(products.categoryId)}`))
        .orderBy(asc(orderLines.id));
      return [...new Set(rows.map((r) => r.name))];
    },

    /** Removes the bought products from the user's basket (the rest stays) and moves its version on. */
    async removeFromBasket(userId: number, productIds: readonly number[]): Promise<void> {
      if (productIds.length === 0) return;
      const [basket] = await db.select({ id: baskets.id }).from(baskets).where(eq(baskets.userId, userId));
      if (!basket) return;
      const removed = await db
        .delete(basketLines)
        .where(and(eq(basketLines.basketId, basket.id), inArray(basketLines.productId, [...productIds])))
        .returning({ productId: basketLines.productId });
      if (removed.length > 0) {
        await db
          .update(baskets)
          .set({ version: sql`${baskets.version} + 1`, updatedAt: sql`now()` })
          .where(eq(baskets.id, basket.id));
      }
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

/** Draws before a placement gives up: at 10 million orders one draw in ten collides, five in a row 1 in 10⁵. */
const ORDER_NUMBER_DRAWS = 5;

/**
 * The order number shoppers see, printed as 1234-5678: eight random digits from the CSPRNG, so a number
 * says nothing of the order's place in the sequence (an earlier affine map of the id grew by a fixed step,
 * and two orders' numbers told a competitor how many were placed between them), yet it is short enough to
 * read to support over the phone.
 */
export function randomOrderNumber(): string {
  const digits = randomInt(0, 100_000_000).toString().padStart(8, "0");
  return `${digits.slice(0, 4)}-${digits.slice(4)}`;
}
