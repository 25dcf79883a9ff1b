import { randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import {
  brands,
  categories,
  categoryProperties,
  inventory,
  productPropertyValues,
  products,
} from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

type ProductColumns = typeof products.$inferInsert;

/** What a test may choose of its product; everything else is copied from a seeded one. */
export type ProductOverrides = { stock?: number } & Partial<
  Pick<
    ProductColumns,
    | "name"
    | "price"
    | "oldPrice"
    | "orderLimit"
    | "sellerId"
    | "cashbackPercent"
    | "isPreorder"
    | "isComingSoon"
    | "popularity"
    | "categoryId"
    | "brandId"
    | "modelCode"
  >
>;

/**
 * A product of a test's own: a copy of the first seeded product in stock (its category, brand and seller,
 * or of `sellerId`'s) with the stock, price and state the test needs. Nothing else in the catalogue moves,
 * and no other test has bought it or rendered its page.
 */
export async function createProduct(db: Executor, { stock = 10, ...overrides }: ProductOverrides = {}) {
  const [model] = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.isComingSoon, false),
        overrides.sellerId === undefined ? sql`true` : eq(products.sellerId, overrides.sellerId),
      ),
    )
    .orderBy(asc(products.id))
    .limit(1);
  if (!model) throw new Error("createProduct: the seeded catalogue has no product to copy");
  const sku = `T-${randomBytes(6).toString("hex")}`;
  const [row] = await db
    .insert(products)
    .values({
      sku,
      name: `Тестовый товар ${sku}`,
      slug: sku.toLowerCase(),
      categoryId: model.categoryId,
      brandId: model.brandId,
      sellerId: model.sellerId,
      price: 199_000,
      oldPrice: null,
      cashbackPercent: 5,
      orderLimit: null,
      ...overrides,
      // Written by the inventory trigger below too; set here so the row returned says it.
      hasStock: stock > 0,
    })
    .returning();
  // The count lives in the inventory table (ADR 048).
  await db.insert(inventory).values({ productId: row!.id, stock });
  return { ...row!, stock };
}

/**
 * A model line of a test's own (ADR 065): one product per colour, of `brand` in the category named
 * `category`, sharing a model code, each with its colour as a property value, so the product page offers
 * the others in its variant picker. Names are `${name}, ${colour}`.
 */
export async function createModelLine(
  db: Executor,
  line: { brand: string; category: string; name: string; colours: readonly string[]; price: number },
) {
  const [brand] = await db.select().from(brands).where(eq(brands.code, line.brand));
  const [category] = await db.select().from(categories).where(eq(categories.name, line.category));
  if (!brand || !category)
    throw new Error(`createModelLine: no brand ${line.brand} or category ${line.category}`);
  const [colour] = await db
    .select()
    .from(categoryProperties)
    .where(and(eq(categoryProperties.categoryId, category.id), eq(categoryProperties.code, "color")));
  if (!colour) throw new Error(`createModelLine: ${line.category} has no colour property`);
  const modelCode = `T-${randomBytes(6).toString("hex")}`;
  const made = [];
  for (const value of line.colours) {
    const product = await createProduct(db, {
      name: `${line.name}, ${value}`,
      brandId: brand.id,
      categoryId: category.id,
      price: line.price,
      oldPrice: null,
      modelCode,
    });
    await db.insert(productPropertyValues).values({ productId: product.id, propertyId: colour.id, value });
    made.push(product);
  }
  return made;
}
