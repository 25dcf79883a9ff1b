import { PICKUP_PROVIDERS } from "#contract/delivery.ts";

/** The marketplace's own network: every seller ships to it. */
export const OWN_PROVIDER = "Витрина";

/** 32-bit FNV-1a. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The pickup networks a seller ships with (ADR 036): the marketplace's own always, each partner network
 * for about three sellers in four, fixed per seller (a stand-in for the sellers' contracts, which the
 * seed does not model). Pure and deterministic.
 */
export function sellerProviders(sellerId: number): string[] {
  return PICKUP_PROVIDERS.filter((p) => p === OWN_PROVIDER || hash(`${sellerId}:${p}`) % 4 !== 0);
}

/** The networks every one of these sellers ships with (all of them when no seller is named). */
export function commonProviders(sellerIds: readonly number[]): string[] | undefined {
  if (sellerIds.length === 0) return undefined;
  return sellerIds
    .map(sellerProviders)
    .reduce((common, providers) => common.filter((p) => providers.includes(p)));
}
