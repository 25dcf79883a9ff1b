import { addressProblemMessages } from "#contract/address-messages.ts";
import { shipmentDeliveryPrice } from "#contract/basket-rules.ts";
import { bonusSpendError, maxBonusSpend } from "#contract/bonus-rules.ts";
import { deliveryDate, distanceKm } from "#contract/delivery-dates.ts";
import { formatRub, plural } from "#contract/format.ts";
import { kopecks } from "#contract/money.ts";
import type { PlaceOrderInput, SlotChoice } from "#contract/orders.ts";
import { cashbackAmount } from "#server/domain/catalog/service.ts";
import { AppError, type LineIssue } from "#server/errors.ts";
import type { OrdersContext, Repositories, SlotPolicy } from "./context.ts";
import { setOrderBonus } from "./lifecycle.ts";
import type { OrderRow, OrdersRepository, ProductRow } from "./repository.ts";

/** A product as the first look reads it: with its seller's cut-off hour and warehouse. */
type PlacementProduct = Awaited<ReturnType<OrdersRepository["readProducts"]>>[number];

// Placing an order (commerce.md, Place order; ADR 040), as named steps composed in one transaction by
// `placeOrder`: match the basket, check the lines, price them, choose the slot, check the points, create
// the order, reserve the stock, book the slot, spend the points. The pure steps are unit-tested alone.

export type PlaceOrderInputParsed = Omit<Required<PlaceOrderInput>, "recipientId" | "slot"> & {
  recipientId?: number;
  slot?: SlotChoice;
};

interface Line {
  productId: number;
  quantity: number;
}
/** What the client saw of each line (quantity, price per unit), by product. */
export type Expected = ReadonlyMap<number, { quantity: number; price: number }>;

const rub = (amount: number) => formatRub(kopecks(amount));

/** «Не больше 1 неоплаченного заказа», «не больше 3 неоплаченных заказов»: the genitive after «не больше». */
export const tooManyUnpaid = (max: number) =>
  new AppError(
    "conflict",
    `Одновременно можно держать не больше ${max} ${plural(max, "неоплаченного заказа", "неоплаченных заказов", "неоплаченных заказов")}. Оплатите их или дождитесь отмены в разделе «Мои заказы» и оформите новый`,
    { code: "too_many_unpaid_orders" },
  );

const basketChanged = () =>
  new AppError("conflict", "Корзина изменилась — проверьте её и оформите заказ ещё раз", {
    code: "basket_changed",
  });

export const refuseLines = (problems: LineIssue[]) =>
  new AppError("conflict", "Некоторые товары нельзя купить как раньше — проверьте корзину", {
    code: "order_lines_changed",
    lines: problems,
  });

/** The basket the client placed is the one on the server: same version, same lines, same quantities. */
export function basketMatches(
  basket: { version: number; lines: readonly Line[] },
  input: { basketVersion: number },
  expected: Expected,
): boolean {
  return (
    basket.version === input.basketVersion &&
    expected.size === basket.lines.length &&
    basket.lines.every((l) => expected.get(l.productId)?.quantity === l.quantity)
  );
}

/**
 * Step «match the basket»: the order this placement already made (a retry of its key, or the same basket
 * placed from another tab), or the basket's lines to place; refuses an empty or changed basket and an
 * account at its limit of unpaid orders. Runs under the user's placement lock.
 */
export async function matchBasket(
  repo: OrdersRepository,
  userId: number,
  input: PlaceOrderInputParsed,
  expected: Expected,
  maxUnpaidOrders: number,
): Promise<{ existing: OrderRow } | { basket: { version: number; lines: Line[] } }> {
  const { existing, unpaid } = await repo.placementOrders(userId, input.checkoutKey);
  if (existing) return { existing };
  const basket = await repo.basketForPlacement(userId);
  if (!basket || basket.lines.length === 0) {
    throw new AppError("conflict", "В корзине нет выбранных товаров", { code: "basket_empty" });
  }
  // One basket as it is becomes one order, however many tabs place it: the others get that order.
  const sameBasket = unpaid.find((order) => order.basketVersion === basket.version);
  if (sameBasket && basket.version === input.basketVersion) return { existing: sameBasket };
  if (unpaid.length >= maxUnpaidOrders) throw tooManyUnpaid(maxUnpaidOrders);
  if (!basketMatches(basket, input, expected)) throw basketChanged();
  return { basket };
}

/** Step «check the lines»: what stops each line from being bought as shown, judged on these rows. */
export function checkLines(
  byId: ReadonlyMap<number, ProductRow>,
  lines: readonly Line[],
  expected: Expected,
  maxItems: number,
): LineIssue[] {
  const problems: LineIssue[] = [];
  for (const line of lines) {
    const problem = lineProblem(byId.get(line.productId), line, expected.get(line.productId)!, maxItems);
    if (problem) problems.push(problem);
  }
  return problems;
}

function lineProblem(
  product: ProductRow | undefined,
  line: Line,
  seen: { price: number },
  maxItems: number,
): LineIssue | undefined {
  const { productId, quantity } = line;
  if (quantity > maxItems) {
    return {
      productId,
      code: "over_limit",
      message: `Не больше ${maxItems} шт. одного товара в корзине`,
      available: maxItems,
    };
  }
  if (!product || product.isComingSoon) {
    return { productId, code: "not_sold", message: "Товар больше не продаётся" };
  }
  if (product.stock <= 0) {
    return { productId, code: "out_of_stock", message: "Товар закончился", available: 0 };
  }
  if (quantity > product.stock) {
    return {
      productId,
      code: "not_enough_stock",
      message: `Осталось только ${product.stock} шт.`,
      available: product.stock,
    };
  }
  if (product.orderLimit !== null && quantity > product.orderLimit) {
    return {
      productId,
      code: "over_limit",
      message: `Не больше ${product.orderLimit} шт. в одном заказе`,
      available: product.orderLimit,
    };
  }
  if (product.price !== seen.price) {
    const direction = product.price > seen.price ? "Цена выросла" : "Цена снизилась";
    return {
      productId,
      code: "price_changed",
      message: `${direction}: ${rub(product.price)} вместо ${rub(seen.price)}`,
      price: product.price,
    };
  }
  return undefined;
}

type Shopper = NonNullable<Awaited<ReturnType<OrdersRepository["placementShopper"]>>>;
type Address = NonNullable<Shopper["address"]>;
type City = NonNullable<Address["city"]>;

/** Where the order goes: the shopper's address (or pickup point) and its city, inside the courier zone. */
export function destination(shopper: Pick<Shopper, "address">, deliveryType: "courier" | "pickup") {
  const { address } = shopper;
  if (!address) throw new AppError("not_found", "Адрес не найден", { code: "address_not_found" });
  const { city } = address;
  if (!city) throw new AppError("validation", "Выберите город доставки", { code: "delivery_city_unknown" });
  // The step checks the courier zone as the address is typed; the server holds the rule too. An address
  // saved without coordinates (typed in the account) cannot be judged and is taken.
  if (
    deliveryType === "courier" &&
    address.latitude !== null &&
    address.longitude !== null &&
    distanceKm(city, { ...city, latitude: address.latitude, longitude: address.longitude }) >
      city.deliveryRadiusKm
  ) {
    throw new AppError("validation", addressProblemMessages.outOfRange, {
      code: "address_out_of_range",
      fields: [{ field: "body.addressId", message: addressProblemMessages.outOfRange }],
    });
  }
  return { address, city };
}

/** Who receives the order: the saved recipient asked for, or the shopper when the profile has a full name. */
export function recipientOf(
  shopper: Pick<Shopper, "recipient" | "profile">,
  recipientId: number | undefined,
) {
  if (recipientId !== undefined) {
    if (!shopper.recipient) {
      throw new AppError("not_found", "Получатель не найден", { code: "recipient_not_found" });
    }
    return shopper.recipient;
  }
  const me = shopper.profile;
  if (!me.name || !me.surname || !me.phone) {
    throw new AppError("validation", "Укажите получателя: фамилию, имя и телефон", {
      code: "recipient_required",
      fields: [{ field: "body.recipientId", message: "Укажите получателя: фамилию, имя и телефон" }],
    });
  }
  return { surname: me.surname, name: me.name, patronymic: me.patronymic, phone: me.phone, email: me.email };
}

export interface ShipmentPlan {
  sellerId: number;
  date: string;
  delivery: number;
  lines: {
    productId: number;
    name: string;
    quantity: number;
    price: number;
    oldPrice: number | null;
    cashbackPercent: number;
    cashbackPoints: number;
  }[];
}

export interface PricedOrder {
  shipments: ShipmentPlan[];
  goodsTotal: number;
  discountTotal: number;
  deliveryTotal: number;
  cashbackPoints: number;
}

/**
 * Step «price the lines»: one shipment per seller with its delivery date and courier price, every sum from
 * the catalogue rows (never from the client). Pickup is free.
 */
export function priceLines(
  products: ReadonlyMap<number, ProductRow>,
  lines: readonly Line[],
  dates: ReadonlyMap<number, string>,
  deliveryType: "courier" | "pickup",
): PricedOrder {
  const bySeller = new Map<number, Line[]>();
  for (const line of lines) {
    const sellerId = products.get(line.productId)!.sellerId;
    bySeller.set(sellerId, [...(bySeller.get(sellerId) ?? []), line]);
  }
  const priced: PricedOrder = {
    shipments: [],
    goodsTotal: 0,
    discountTotal: 0,
    deliveryTotal: 0,
    cashbackPoints: 0,
  };
  for (const [sellerId, sellerLines] of bySeller) {
    let goods = 0;
    const orderLines = sellerLines.map((line) => {
      const p = products.get(line.productId)!;
      const points = (cashbackAmount(p.price, p.cashbackPercent) / 100) * line.quantity;
      goods += p.price * line.quantity;
      priced.discountTotal += p.oldPrice ? (p.oldPrice - p.price) * line.quantity : 0;
      priced.cashbackPoints += points;
      return {
        productId: p.id,
        name: p.name,
        quantity: line.quantity,
        price: p.price,
        oldPrice: p.oldPrice,
        cashbackPercent: p.cashbackPercent,
        cashbackPoints: points,
      };
    });
    const delivery = deliveryType === "pickup" ? 0 : shipmentDeliveryPrice(goods);
    priced.goodsTotal += goods;
    priced.deliveryTotal += delivery;
    priced.shipments.push({ sellerId, date: dates.get(sellerId)!, delivery, lines: orderLines });
  }
  return priced;
}

export interface SlotWanted {
  cityId: number;
  date: string;
  startsHour: number;
  endsHour: number;
  capacity: number;
}

/**
 * Step «choose the slot»: the courier window asked for, if the day has it and it lies between the latest
 * shipment's date and the last bookable day; refused otherwise. Pickup needs none.
 */
export function chooseSlot(
  slots: SlotPolicy,
  city: { id: number; population: number },
  deliveryType: "courier" | "pickup",
  slot: SlotChoice | undefined,
  latestDate: string,
): SlotWanted | undefined {
  if (deliveryType !== "courier") return undefined;
  if (!slot) {
    throw new AppError("validation", "Выберите интервал доставки", {
      code: "slot_required",
      fields: [{ field: "body.slot", message: "Выберите интервал доставки" }],
    });
  }
  const window = slots.window(slot.startsHour);
  const lastDay = new Date(`${latestDate}T00:00:00Z`);
  lastDay.setUTCDate(lastDay.getUTCDate() + slots.days - 1);
  if (!window || slot.date < latestDate || slot.date > lastDay.toISOString().slice(0, 10)) {
    throw new AppError("conflict", "Этот интервал недоступен — выберите другой", {
      code: "slot_unavailable",
    });
  }
  return {
    cityId: city.id,
    date: slot.date,
    startsHour: window.startsHour,
    endsHour: window.endsHour,
    capacity: slots.capacity(city),
  };
}

/** Step «check the points»: the spend asked for fits the balance and the order's share rules. */
export function checkPointsSpend(bonusPoints: number, goodsTotal: number, balance: number): void {
  const spendError = bonusSpendError(bonusPoints, maxBonusSpend(goodsTotal, balance));
  if (spendError) {
    throw new AppError("validation", spendError, {
      code: "bonus_invalid",
      fields: [{ field: "body.bonusPoints", message: spendError }],
    });
  }
}

/**
 * Step «reserve the stock», the contended part, kept to the end so the rows are held only until the commit:
 * the products locked in id order, judged again on what they hold now, their stock taken.
 */
export async function reserveStock(
  repo: {
    lockProducts(ids: readonly number[]): PromiseLike<ProductRow[]>;
    takeStock(lines: readonly { productId: number; quantity: number }[]): Promise<Set<number>>;
  },
  lines: readonly Line[],
  expected: Expected,
  maxItems: number,
): Promise<void> {
  const locked = new Map((await repo.lockProducts(lines.map((l) => l.productId))).map((p) => [p.id, p]));
  const late = checkLines(locked, lines, expected, maxItems);
  if (late.length > 0) throw refuseLines(late);
  // Locked and checked just now; the conditional update holds the invariant even so. One statement for
  // every line: a round trip per line was most of what reserving cost (issue 23).
  const taken = await repo.takeStock(lines.map(({ productId, quantity }) => ({ productId, quantity })));
  const short = lines.filter((line) => !taken.has(line.productId));
  if (short.length > 0) {
    throw refuseLines(
      short.map((line) => ({
        productId: line.productId,
        code: "out_of_stock" as const,
        message: "Товар закончился",
        available: 0,
      })),
    );
  }
}

/** Step «book the slot»: a place in the courier window, or a refusal when it filled meanwhile. */
export async function bookSlot(
  repo: Pick<OrdersRepository, "bookSlot" | "updateOrder">,
  order: OrderRow,
  wanted: SlotWanted | undefined,
): Promise<OrderRow> {
  if (!wanted) return order;
  const slotId = await repo.bookSlot(wanted);
  if (slotId === undefined) {
    throw new AppError("conflict", "Этот интервал уже заняли — выберите другой", { code: "slot_full" });
  }
  return repo.updateOrder(order.id, { slotId });
}

/** Step «create»: the order awaiting payment, with everything the shopper saw copied onto it. */
async function createOrder(
  ctx: OrdersContext,
  repo: OrdersRepository,
  userId: number,
  input: PlaceOrderInputParsed,
  placed: { basketVersion: number; address: Address; city: City; recipient: object; priced: PricedOrder },
  at: Date,
): Promise<OrderRow> {
  const { address, city, priced } = placed;
  // The order, every seller's shipment, every line and the first event: one statement.
  return repo.insertPlacedOrder(
    {
      userId,
      status: "awaiting_payment",
      checkoutKey: input.checkoutKey,
      basketVersion: placed.basketVersion,
      deliveryType: input.deliveryType,
      cityId: city.id,
      addressId: address.id,
      pickupPointId: address.pickupPointId,
      delivery: {
        type: input.deliveryType,
        city: city.name,
        address: address.pointAddress ?? address.address,
        entrance: address.entrance,
        floor: address.floor,
        flat: address.flat,
        intercom: address.intercom,
        comment: address.comment,
        pointName: address.pointName,
        hours: address.hours,
      },
      recipient: placed.recipient,
      goodsTotal: priced.goodsTotal,
      discountTotal: priced.discountTotal,
      deliveryTotal: priced.deliveryTotal,
      bonusSpent: 0,
      cashbackPoints: priced.cashbackPoints,
      toPay: priced.goodsTotal + priced.deliveryTotal,
      paymentDeadline: new Date(at.getTime() + ctx.options.paymentTimeoutMin * 60_000),
    },
    priced.shipments.map((plan) => ({
      sellerId: plan.sellerId,
      deliveryDate: plan.date,
      deliveryTotal: plan.delivery,
      lines: plan.lines,
    })),
  );
}

/** Each seller's delivery date to this city, from the warehouse its products were read with. */
function shipmentDates(products: ReadonlyMap<number, PlacementProduct>, city: City, at: Date) {
  const dates = new Map<number, string>();
  for (const { sellerId, warehouse } of products.values()) {
    if (dates.has(sellerId)) continue;
    const { cutoffHour, ...place } = warehouse;
    dates.set(sellerId, deliveryDate({ warehouse: place, cutoffHour }, city, at));
  }
  return dates;
}

/**
 * Places an order from the user's selected basket lines, in one transaction, step by step. A retry with
 * the same checkout key (or the same basket from another tab) returns the order already made.
 */
export async function placeOrder(
  ctx: OrdersContext,
  repos: Repositories,
  userId: number,
  input: PlaceOrderInputParsed,
  maxItems: number,
): Promise<{ row: OrderRow; created: boolean }> {
  const at = ctx.now();
  const repo = repos.orders;
  await repo.lockUserPlacements(userId);
  const expected: Expected = new Map(input.expectedLines.map((l) => [l.productId, l]));
  const matched = await matchBasket(repo, userId, input, expected, ctx.options.maxUnpaidOrders);
  if ("existing" in matched) return { row: matched.existing, created: false };
  const { lines } = matched.basket;

  // A first look without locks: most refusals come from here, before anything is held.
  const products = new Map((await repo.readProducts(lines.map((l) => l.productId))).map((p) => [p.id, p]));
  const early = checkLines(products, lines, expected, maxItems);
  if (early.length > 0) throw refuseLines(early);

  // The shopper's address, recipient, contacts and points: one read.
  const shopper = await repo.placementShopper(userId, {
    addressId: input.addressId,
    type: input.deliveryType,
    recipientId: input.recipientId,
  });
  if (!shopper) throw new AppError("not_found", "Адрес не найден", { code: "address_not_found" });
  const { address, city } = destination(shopper, input.deliveryType);
  const recipient = recipientOf(shopper, input.recipientId);
  const dates = shipmentDates(products, city, at);
  const latest = [...dates.values()].sort().at(-1)!;
  const slot = chooseSlot(ctx.options.slots, city, input.deliveryType, input.slot, latest);
  if (slot) for (const id of dates.keys()) dates.set(id, slot.date);
  const priced = priceLines(products, lines, dates, input.deliveryType);
  checkPointsSpend(input.bonusPoints, priced.goodsTotal, shopper.balance);

  const row = await createOrder(
    ctx,
    repo,
    userId,
    input,
    { basketVersion: matched.basket.version, address, city, recipient, priced },
    at,
  );
  await reserveStock(repo, lines, expected, maxItems);
  const booked = await bookSlot(repo, row, slot);
  return { row: await setOrderBonus(repos, booked, input.bonusPoints, "placement"), created: true };
}
