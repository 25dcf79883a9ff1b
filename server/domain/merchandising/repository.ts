import { asc, eq, inArray, sql } from "drizzle-orm";
import { banners, images, productImages, products } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

// What the shop shows to sell (issue 22, points 1 and 6; ADR 067): products' photos as operators order
// them, the home page's banners and its catalogue tiles.

/** Rows of a raw statement on both drivers (node-postgres and PGlite answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type BannerRow = typeof banners.$inferSelect;
export type NewBanner = Omit<typeof banners.$inferInsert, "id" | "createdAt" | "updatedAt">;
export interface ImageFacts {
  id: string;
  width: number;
  height: number;
  placeholder: string;
}
export interface PhotoRow {
  productId: number;
  position: number;
  url: string;
  width: number;
  height: number;
  alt: string;
  imageId: string | null;
  placeholder: string;
}

export function createMerchandisingRepository(db: Executor) {
  return {
    /** Products by id, exact SKU or a part of the name, with their hero picture, at most `limit`. */
    async findProducts(query: string, limit: number) {
      const id = /^\d{1,9}$/.test(query) ? Number(query) : -1;
      const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const exact = sql`(${products.id} = ${id} OR lower(${products.sku}) = ${query.toLowerCase()})`;
      return db
        .select({
          id: products.id,
          sku: products.sku,
          name: products.name,
          heroUrl: sql<string | null>`(SELECT ${productImages.url} FROM ${productImages}
            WHERE ${productImages.productId} = ${products.id} ORDER BY ${productImages.position} LIMIT 1)`,
          photoCount: sql<number>`(SELECT count(*) FROM ${productImages}
            WHERE ${productImages.productId} = ${products.id})::int`.mapWith(Number),
        })
        .from(products)
        .where(sql`${exact} OR lower(${products.name}) LIKE ${pattern}`)
        .orderBy(sql`${exact} DESC`, asc(products.id))
        .limit(limit);
    },

    /** The product's name and SKU; `lock` takes its row for the photos' rewrite (one rewrite at a time). */
    async product(productId: number, lock = false) {
      const query = db
        .select({ id: products.id, sku: products.sku, name: products.name })
        .from(products)
        .where(eq(products.id, productId));
      const [row] = lock ? await query.for("update") : await query;
      return row;
    },

    async photos(productId: number): Promise<PhotoRow[]> {
      return db
        .select()
        .from(productImages)
        .where(eq(productImages.productId, productId))
        .orderBy(asc(productImages.position));
    },

    async images(ids: readonly string[]): Promise<ImageFacts[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          id: images.id,
          width: images.width,
          height: images.height,
          placeholder: images.placeholder,
        })
        .from(images)
        .where(inArray(images.id, [...ids]));
    },

    /** The product's photos become `rows`, in their order (run in a transaction: both or neither). */
    async replacePhotos(productId: number, rows: readonly Omit<PhotoRow, "productId">[]): Promise<void> {
      await db.delete(productImages).where(eq(productImages.productId, productId));
      await db.insert(productImages).values(rows.map((r) => ({ ...r, productId })));
    },

    /** Every banner, in the home page's order. */
    async banners(): Promise<(BannerRow & { image: ImageFacts })[]> {
      const rows = await db
        .select({
          banner: banners,
          image: {
            id: images.id,
            width: images.width,
            height: images.height,
            placeholder: images.placeholder,
          },
        })
        .from(banners)
        .innerJoin(images, eq(images.id, banners.imageId))
        .orderBy(asc(banners.position), asc(banners.id));
      return rows.map((r) => ({ ...r.banner, image: r.image }));
    },

    async banner(id: number, lock = false): Promise<BannerRow | undefined> {
      const query = db.select().from(banners).where(eq(banners.id, id));
      const [row] = lock ? await query.for("update") : await query;
      return row;
    },

    /** A new banner, last in the order. */
    async insertBanner(values: Omit<NewBanner, "position">): Promise<BannerRow> {
      const [row] = await db
        .insert(banners)
        .values({
          ...values,
          position: sql`(SELECT coalesce(max(${banners.position}), -1) + 1 FROM ${banners})`,
        })
        .returning();
      return row!;
    },

    async updateBanner(id: number, values: Omit<NewBanner, "position">): Promise<BannerRow | undefined> {
      const [row] = await db
        .update(banners)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(banners.id, id))
        .returning();
      return row;
    },

    async deleteBanner(id: number): Promise<boolean> {
      const rows = await db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
      return rows.length > 0;
    },

    /** Ids of every banner, locked for a reorder. */
    async lockBannerIds(): Promise<number[]> {
      const rows = await db.select({ id: banners.id }).from(banners).orderBy(asc(banners.id)).for("update");
      return rows.map((r) => r.id);
    },

    /** Positions 0, 1, 2 … in the order of `ids` (every banner's id). */
    async orderBanners(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.execute(
        sql`UPDATE ${banners} AS b SET position = v.position, updated_at = now()
            FROM unnest(${`{${ids.join(",")}}`}::bigint[]) WITH ORDINALITY AS v(id, position)
            WHERE b.id = v.id`,
      );
    },

    /**
     * The catalogue's sections (top categories) in their order, each with the hero picture of its most
     * popular product in stock: what the home page's tiles show.
     */
    async sectionTiles() {
      const result = await db.execute(sql`
        SELECT root.id, root.name, root.slug, pi.url, pi.width, pi.height, pi.placeholder
        FROM categories root
        LEFT JOIN LATERAL (
          SELECT p.id FROM products p JOIN categories leaf ON leaf.id = p.category_id
          WHERE (leaf.id = root.id OR leaf.path LIKE root.path || '.%')
            AND p.has_stock AND NOT p.is_coming_soon
            AND EXISTS (SELECT 1 FROM product_images x WHERE x.product_id = p.id AND x.image_id IS NOT NULL)
          ORDER BY p.popularity DESC, p.id
          LIMIT 1
        ) best ON true
        LEFT JOIN product_images pi ON pi.product_id = best.id AND pi.position = (
          SELECT min(position) FROM product_images y WHERE y.product_id = best.id
        )
        WHERE root.parent_id IS NULL
        ORDER BY root.position, root.id`);
      return rowsOf<{
        id: number;
        name: string;
        slug: string;
        url: string | null;
        width: number | null;
        height: number | null;
        placeholder: string | null;
      }>(result).map((r) => ({ ...r, id: Number(r.id) }));
    },
  };
}
export type MerchandisingRepository = ReturnType<typeof createMerchandisingRepository>;
