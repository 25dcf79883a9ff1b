import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { ProductSort } from "../../../contract/catalog.ts";
import type { Database } from "../../db/client.ts";
import {
  brands,
  categories,
  categoryProperties,
  productImages,
  productPropertyValues,
  products,
  sellers,
} from "../../db/schema/index.ts";

const discountExpr = sql<number>`CASE WHEN ${products.oldPrice} IS NULL THEN 0 ELSE round(100.0 * (${products.oldPrice} - ${products.price}) / ${products.oldPrice}) END`;

/** Every sort ends with the id so equal keys never reorder between pages. */
const orderBySort: Record<ProductSort, SQL[]> = {
  popular: [desc(products.popularity), asc(products.id)],
  price_asc: [asc(products.price), asc(products.id)],
  price_desc: [desc(products.price), asc(products.id)],
  new: [desc(products.createdAt), asc(products.id)],
  rating: [desc(products.rating), desc(products.reviewsCount), asc(products.id)],
  discount: [desc(discountExpr), asc(products.id)],
};

const cardColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  slug: products.slug,
  price: products.price,
  oldPrice: products.oldPrice,
  cashbackPercent: products.cashbackPercent,
  rating: products.rating,
  reviewsCount: products.reviewsCount,
  stock: products.stock,
  isPreorder: products.isPreorder,
  isComingSoon: products.isComingSoon,
  isOriginal: products.isOriginal,
  isTopProfit: products.isTopProfit,
  orderLimit: products.orderLimit,
  brandCode: brands.code,
  brandName: brands.name,
  imageUrl: productImages.url,
  imageWidth: productImages.width,
  imageHeight: productImages.height,
  imageAlt: productImages.alt,
};

function selectCards(db: Database) {
  return db
    .select(cardColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
    .$dynamic();
}
export type ProductCardRow = Awaited<ReturnType<typeof selectCards>>[number];

export function createCatalogRepository(db: Database) {
  const cards = () => selectCards(db);

  return {
    async listProductCards(filter: {
      categoryId?: number | undefined;
      brand?: string | undefined;
      seller?: string | undefined;
      sort: ProductSort;
      limit: number;
      offset: number;
    }) {
      const where = and(
        // A category lists its whole subtree: its own products and those of every descendant.
        filter.categoryId
          ? sql`${products.categoryId} IN (SELECT c.id FROM ${categories} c, ${categories} root WHERE root.id = ${filter.categoryId} AND (c.id = root.id OR c.path LIKE root.path || '.%'))`
          : undefined,
        filter.brand
          ? sql`${products.brandId} = (SELECT id FROM ${brands} WHERE code = ${filter.brand})`
          : undefined,
        filter.seller
          ? sql`${products.sellerId} = (SELECT id FROM ${sellers} WHERE code = ${filter.seller})`
          : undefined,
      );
      const [rows, [count]] = await Promise.all([
        cards()
          .where(where)
          .orderBy(...orderBySort[filter.sort])
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: sql<number>`count(*)::int` }).from(products).where(where),
      ]);
      return { rows, total: count?.total ?? 0 };
    },

    async findProductCard(id: number) {
      const [row] = await cards().where(eq(products.id, id)).limit(1);
      return row;
    },

    async findProductExtras(id: number) {
      const [[base], images, properties] = await Promise.all([
        db
          .select({
            description: products.description,
            categoryId: categories.id,
            categoryName: categories.name,
            categorySlug: categories.slug,
            sellerCode: sellers.code,
            sellerName: sellers.name,
            sellerRating: sellers.rating,
          })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .innerJoin(sellers, eq(sellers.id, products.sellerId))
          .where(eq(products.id, id)),
        db
          .select({
            url: productImages.url,
            width: productImages.width,
            height: productImages.height,
            alt: productImages.alt,
          })
          .from(productImages)
          .where(eq(productImages.productId, id))
          .orderBy(asc(productImages.position)),
        db
          .select({
            code: categoryProperties.code,
            name: categoryProperties.name,
            value: productPropertyValues.value,
          })
          .from(productPropertyValues)
          .innerJoin(categoryProperties, eq(categoryProperties.id, productPropertyValues.propertyId))
          .where(eq(productPropertyValues.productId, id))
          .orderBy(asc(categoryProperties.position)),
      ]);
      return base ? { ...base, images, properties } : undefined;
    },

    listCategories: (maxDepth: number) =>
      db
        .select({
          id: categories.id,
          parentId: categories.parentId,
          name: categories.name,
          slug: categories.slug,
        })
        .from(categories)
        .where(sql`${categories.depth} < ${maxDepth}`)
        .orderBy(asc(categories.depth), asc(categories.position), asc(categories.id)),

    /** Name and category of a product, for rendering its generated images. */
    async findImageSubject(id: number) {
      const [row] = await db
        .select({ name: products.name, category: categories.name, brand: brands.name })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .innerJoin(brands, eq(brands.id, products.brandId))
        .where(eq(products.id, id));
      return row;
    },

    async findBrand(code: string) {
      const [row] = await db
        .select({
          code: brands.code,
          name: brands.name,
          logoUrl: brands.logoUrl,
          description: brands.description,
        })
        .from(brands)
        .where(eq(brands.code, code));
      return row;
    },

    async findSeller(code: string) {
      const [row] = await db
        .select({
          code: sellers.code,
          name: sellers.name,
          legalName: sellers.legalName,
          address: sellers.address,
          email: sellers.email,
          phone: sellers.phone,
          rating: sellers.rating,
        })
        .from(sellers)
        .where(eq(sellers.code, code));
      return row;
    },

    async findBrandForLogo(code: string) {
      const [row] = await db.select({ name: brands.name }).from(brands).where(eq(brands.code, code));
      return row;
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
