/**
 * `npm run db:seed`: migrates the database and fills it with the generated catalogue.
 *
 *   DATABASE_URL   PostgreSQL URL; unset → the embedded PGlite in .data/pglite
 *   SEED_PRODUCTS  number of products (default 5000)
 *   SEED           PRNG seed (default 20261121)
 *
 * A non-empty catalogue is truncated first, so the script can be re-run at will. Reference data that is
 * not generated here (dictionary entries, options, redirects) is left alone.
 */
import { sql } from "drizzle-orm";
import { ADVISORY_LOCK, openDatabase } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";
import { isCatalogEmpty, seed } from "#server/db/seed/index.ts";
import { DEFAULT_SEED } from "#server/db/seed/random.ts";
import { paths } from "#server/paths.ts";

const SEEDED_TABLES = [
  "categories",
  "catalog_menu_nodes",
  "brands",
  "sellers",
  "category_properties",
  "products",
  "product_property_values",
  "product_images",
  "reviews",
  "review_photos",
  "cities",
  "streets",
  "houses",
  "pickup_points",
];

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

async function main(): Promise<void> {
  const started = performance.now();
  const products = intFromEnv("SEED_PRODUCTS", 5_000);
  const seedValue = intFromEnv("SEED", DEFAULT_SEED);
  const url = process.env.DATABASE_URL || undefined;
  const handle = await openDatabase({ url, dataDir: `${paths.data}/pglite` });
  try {
    console.info(`Database: ${handle.kind === "postgres" ? "PostgreSQL" : `PGlite (${paths.data}/pglite)`}`);
    // Under the start-up lock: an instance starting meanwhile waits instead of seeding a second time.
    const summary = await handle.exclusive(ADVISORY_LOCK.startup, async () => {
      await migrate(handle);
      if (!(await isCatalogEmpty(handle.db))) {
        console.info("Catalogue is not empty: truncating the seeded tables");
        await handle.db.execute(
          sql.raw(`TRUNCATE TABLE ${SEEDED_TABLES.join(", ")} RESTART IDENTITY CASCADE`),
        );
      }
      return seed(handle.db, { products, seed: seedValue, log: (m) => console.info(m) });
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `Seeded (seed ${summary.seed}) ${summary.products} products, ${summary.propertyValues} property values, ` +
        `${summary.images} images, ${summary.reviews} reviews with ${summary.reviewPhotos} photos, ` +
        `${summary.categories} categories, ` +
        `${summary.categoryProperties} category properties, ${summary.menuNodes} menu nodes, ${summary.brands} brands, ` +
        `${summary.sellers} sellers, ${summary.cities} cities, ${summary.pickupPoints} pickup points in ${seconds} s`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
