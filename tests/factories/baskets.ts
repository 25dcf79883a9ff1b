import { and, eq } from "drizzle-orm";
import { basketLines, baskets, products } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

export interface BasketLineInput {
  productId: number;
  quantity?: number;
  selected?: boolean;
  /** Kopecks; the product's current price unless given (give another to simulate a price change). */
  priceWhenAdded?: number;
}

/**
 * A basket for a user or a visitor with the given lines. Without lines it holds one unit of each of the
 * first two products in stock, the usual starting point of a basket test.
 */
export async function createBasket(
  db: Executor,
  owner: { userId: number } | { visitorId: string },
  lines?: BasketLineInput[],
  options: { version?: number } = {},
) {
  const [basket] = await db
    .insert(baskets)
    .values({
      ...("userId" in owner ? { userId: owner.userId } : { visitorId: owner.visitorId }),
      ...(options.version === undefined ? {} : { version: options.version }),
    })
    .returning();
  const wanted: BasketLineInput[] =
    lines ??
    (
      await db
        .select({ productId: products.id })
        .from(products)
        .where(
          and(eq(products.hasStock, true), eq(products.isPreorder, false), eq(products.isComingSoon, false)),
        )
        .orderBy(products.id)
        .limit(2)
    ).map(({ productId }) => ({ productId }));
  const rows = [];
  for (const line of wanted) {
    const [product] = await db
      .select({ price: products.price })
      .from(products)
      .where(eq(products.id, line.productId));
    if (!product) throw new Error(`createBasket: no product ${line.productId}`);
    rows.push({
      basketId: basket!.id,
      productId: line.productId,
      quantity: line.quantity ?? 1,
      selected: line.selected ?? true,
      priceWhenAdded: line.priceWhenAdded ?? product.price,
    });
  }
  if (rows.length > 0) await db.insert(basketLines).values(rows);
  return { basket: basket!, lines: rows };
}
