import { quantityCap } from "#contract/basket-rules.ts";
import type { BasketLineRow, ProductLimits } from "./repository.ts";

/**
 * The user's basket lines after a visitor's lines join them (ADR 032). A product in both gets the two
 * quantities added; every quantity is capped by the product's stock, its per-order limit and
 * `basket_max_items`, and is at least 1 (a sold-out line stays, for the basket to say so, rather than
 * vanish). A line selected in either stays selected; the user's price-when-added is kept (the older
 * one, so the basket shows the change since). New products join newest first while the basket has
 * fewer than `maxItems` lines; the rest are dropped. Returns only the lines to write.
 */
export function mergeBasketLines(
  userLines: readonly BasketLineRow[],
  visitorLines: readonly BasketLineRow[],
  limits: readonly ProductLimits[],
  maxItems: number,
  now: Date = new Date(),
): BasketLineRow[] {
  const limitOf = new Map(limits.map((p) => [p.id, p]));
  const cap = (productId: number, quantity: number) => {
    const product = limitOf.get(productId);
    // The basket's own cap (contract/basket-rules.ts), the same rule every basket change applies.
    const most = product ? quantityCap(product, maxItems).max : maxItems;
    return Math.max(1, Math.min(quantity, most));
  };
  const mine = new Map(userLines.map((line) => [line.productId, line]));
  let lineCount = userLines.length;
  const out: BasketLineRow[] = [];
  const newestFirst = [...visitorLines].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  for (const line of newestFirst) {
    // A product deleted from the catalogue meanwhile has no limits row; its line cannot be written.
    if (!limitOf.has(line.productId)) continue;
    const own = mine.get(line.productId);
    if (own) {
      out.push({
        ...own,
        quantity: cap(line.productId, own.quantity + line.quantity),
        selected: own.selected || line.selected,
        addedAt: new Date(Math.min(own.addedAt.getTime(), line.addedAt.getTime())),
        updatedAt: now,
      });
    } else if (lineCount < maxItems) {
      lineCount += 1;
      out.push({ ...line, quantity: cap(line.productId, line.quantity), updatedAt: now });
    }
  }
  return out;
}
