// How an order's money and points divide between its parcels (ADR 054): what calling one off gives back.

export interface ParcelSums {
  id: number;
  /** Kopecks: price × quantity of the parcel's lines. */
  goods: number;
  /** Kopecks: the parcel's delivery charge. */
  delivery: number;
}

/**
 * The points spent on the order, shared out over its parcels in proportion to their goods, in whole points
 * (the largest remainders get the points the floors leave; ties: the earlier parcel). The shares add up to
 * `points`, so calling off every parcel, one by one or at once, gives back exactly what was spent.
 */
export function pointsByParcel(parcels: readonly ParcelSums[], points: number): Map<number, number> {
  const goods = parcels.reduce((sum, p) => sum + p.goods, 0);
  const shares = new Map<number, number>();
  if (points === 0 || goods === 0) {
    for (const p of parcels) shares.set(p.id, 0);
    return shares;
  }
  const exact = parcels.map((p) => ({
    id: p.id,
    floor: Math.floor((points * p.goods) / goods),
    rest: (points * p.goods) % goods,
  }));
  const left = points - exact.reduce((sum, e) => sum + e.floor, 0);
  const bumped = new Set(
    exact
      .map((e, i) => ({ ...e, i }))
      .sort((a, b) => b.rest - a.rest || a.i - b.i)
      .slice(0, left)
      .map((e) => e.id),
  );
  for (const e of exact) shares.set(e.id, e.floor + (bumped.has(e.id) ? 1 : 0));
  return shares;
}

/** Kopecks the card gets back for a parcel: its goods and delivery less the points that paid for it. */
export function parcelMoney(parcel: ParcelSums, points: number): number {
  const money = parcel.goods + parcel.delivery - points * 100;
  if (points * 100 > parcel.goods)
    throw new RangeError(`parcel ${parcel.id}: points cannot pay more than its goods`);
  return money;
}
