import { pointsByParcel } from "#server/domain/orders/refund-split.ts";

// What a return gives back (ADR 059). Pure: the order's lines and parcels, the units returned before and
// the units of this return in; kopecks to the card, points to the balance, cashback to reverse out.
//
// Each line owns a share of the points spent on the order: the parcel's share (ADR 054's largest remainder,
// the same a cancellation gives back) spread over the parcel's lines the same way. Units take their line's
// share cumulatively — the first n units of a line are worth floor(share × n / quantity) points — so returns
// of a line one unit at a time add up to exactly its share, and every unit returned, in whatever requests,
// gives back exactly what was spent. Money and cashback follow the same cumulative rule.

export interface MoneyLine {
  id: number;
  shipmentId: number;
  /** Kopecks per unit. */
  price: number;
  quantity: number;
  /** The line's cashback, points (pending until the return window closes). */
  cashbackPoints: number;
}

export interface MoneyParcel {
  id: number;
  /** Kopecks. */
  deliveryTotal: number;
}

export interface ReturnMoneyInput {
  lines: readonly MoneyLine[];
  parcels: readonly MoneyParcel[];
  /** Points the order spent. */
  bonusSpent: number;
  /** Units of each line already given back by other requests (approved or refunded), by line id. */
  returnedBefore: ReadonlyMap<number, number>;
  /** Units this return gives back, by line id. */
  units: ReadonlyMap<number, number>;
  /** A claim about the goods: the parcel's delivery goes back with its last unit. */
  sellerFault: boolean;
}

export interface ReturnMoney {
  /** Kopecks to the card, before any cap by what is left of the payment. */
  amount: number;
  points: number;
  /** Cashback the returned units had earned, to take back. */
  cashback: number;
  /** Parcels whose delivery charge is in `amount`. */
  deliveryOf: number[];
  /** The parcels the returned units travelled in. */
  shipmentIds: number[];
  /** Kopecks of delivery in `amount`. */
  delivery: number;
}

/** The first `n` of `total` units' part of `whole`, rounded down: cumulative, so parts add up to `whole`. */
const upTo = (whole: number, n: number, total: number) => Math.floor((whole * n) / total);

/** Each line's share of the points spent on the order. */
export function pointsByLine(
  lines: readonly MoneyLine[],
  parcels: readonly MoneyParcel[],
  bonusSpent: number,
): Map<number, number> {
  const goodsOf = (l: MoneyLine) => l.price * l.quantity;
  const parcelShares = pointsByParcel(
    parcels.map((p) => ({
      id: p.id,
      delivery: p.deliveryTotal,
      goods: lines.filter((l) => l.shipmentId === p.id).reduce((sum, l) => sum + goodsOf(l), 0),
    })),
    bonusSpent,
  );
  const shares = new Map<number, number>();
  for (const parcel of parcels) {
    const own = lines.filter((l) => l.shipmentId === parcel.id);
    const split = pointsByParcel(
      own.map((l) => ({ id: l.id, goods: goodsOf(l), delivery: 0 })),
      parcelShares.get(parcel.id) ?? 0,
    );
    for (const [id, share] of split) shares.set(id, share);
  }
  return shares;
}

/** What returning `units` gives back (see the module's comment). Throws when a line has fewer units left. */
export function returnMoney(input: ReturnMoneyInput): ReturnMoney {
  const shares = pointsByLine(input.lines, input.parcels, input.bonusSpent);
  let amount = 0;
  let points = 0;
  let cashback = 0;
  const shipmentIds = new Set<number>();
  for (const [lineId, k] of input.units) {
    const line = input.lines.find((l) => l.id === lineId);
    if (!line) throw new RangeError(`no line ${lineId} in the order`);
    const before = input.returnedBefore.get(lineId) ?? 0;
    if (k <= 0 || before + k > line.quantity) {
      throw new RangeError(`line ${lineId}: ${k} units asked, ${line.quantity - before} left`);
    }
    const share = shares.get(lineId) ?? 0;
    const linePoints = upTo(share, before + k, line.quantity) - upTo(share, before, line.quantity);
    points += linePoints;
    amount += line.price * k - linePoints * 100;
    cashback +=
      upTo(line.cashbackPoints, before + k, line.quantity) - upTo(line.cashbackPoints, before, line.quantity);
    shipmentIds.add(line.shipmentId);
  }
  // A claim gives the parcel's delivery back once: with the units that leave nothing of the parcel behind.
  const deliveryOf: number[] = [];
  let delivery = 0;
  if (input.sellerFault) {
    for (const id of shipmentIds) {
      const own = input.lines.filter((l) => l.shipmentId === id);
      const all = own.every(
        (l) => (input.returnedBefore.get(l.id) ?? 0) + (input.units.get(l.id) ?? 0) === l.quantity,
      );
      const parcel = input.parcels.find((p) => p.id === id);
      if (all && parcel && parcel.deliveryTotal > 0) {
        deliveryOf.push(id);
        delivery += parcel.deliveryTotal;
      }
    }
  }
  return {
    amount: Math.max(0, amount) + delivery,
    points,
    cashback,
    deliveryOf,
    delivery,
    shipmentIds: [...shipmentIds].sort((a, b) => a - b),
  };
}
