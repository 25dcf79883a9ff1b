import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paths } from "#server/paths.ts";
import { createScratchPostgresDatabase, testDriver } from "#tests/fixtures/test-database.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";
import { prepareDatabase } from "./startup.ts";

/** Small enough to seed in a second or two; the race is in the first rows, not in the volume. */
const SEED_PRODUCTS = 30;

const migrationCount = (): number =>
  JSON.parse(readFileSync(join(paths.migrations, "meta", "_journal.json"), "utf8")).entries.length;

async function count(handle: DatabaseHandle, table: string): Promise<number> {
  const result = (await handle.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n);
}

/** Two start-ups raced on one empty database: both must succeed, and exactly one of them seeds. */
async function raceTwoStartups(first: DatabaseHandle, second: DatabaseHandle) {
  const outcomes = await Promise.allSettled([
    prepareDatabase(first, { seedProducts: SEED_PRODUCTS }),
    prepareDatabase(second, { seedProducts: SEED_PRODUCTS }),
  ]);
  for (const outcome of outcomes) {
    if (outcome.status === "rejected") throw outcome.reason;
  }
  const summaries = outcomes.flatMap((o) => (o.status === "fulfilled" && o.value ? [o.value] : []));
  expect(summaries).toHaveLength(1);
  const summary = summaries[0]!;
  expect(await count(first, "products")).toBe(SEED_PRODUCTS);
  expect(await count(first, "brands")).toBe(summary.brands);
  expect(await count(first, "categories")).toBe(summary.categories);
  expect(await count(first, "cities")).toBe(summary.cities);
  expect(await count(first, "drizzle.__drizzle_migrations")).toBe(migrationCount());
  // Seeded for production: no back-office staff (only the embedded demo has them).
  expect(await count(first, "users WHERE roles && ARRAY['operator', 'admin']")).toBe(0);
}

describe.runIf(testDriver() === "postgres")("start-up on an empty PostgreSQL database", () => {
  it("two instances migrating and seeding at once both come up, and the catalogue is seeded once", async () => {
    const scratch = await createScratchPostgresDatabase("lock");
    // Two instances: two connection pools, as two processes would have.
    const first = await openDatabase({ url: scratch.url, poolSize: 3 });
    const second = await openDatabase({ url: scratch.url, poolSize: 3 });
    try {
      await raceTwoStartups(first, second);
      // A later start finds everything done and changes nothing.
      expect(await prepareDatabase(second, { seedProducts: SEED_PRODUCTS })).toBeUndefined();
      expect(await count(second, "products")).toBe(SEED_PRODUCTS);
    } finally {
      await first.close();
      await second.close();
      await scratch.drop();
    }
  });
});

describe.runIf(testDriver() === "pglite")("start-up on an empty PGlite database", () => {
  it("two start-ups at once in one process take the same lock in turn, and seed once", async () => {
    const handle = await openDatabase({});
    try {
      await raceTwoStartups(handle, handle);
    } finally {
      await handle.close();
    }
  });
});
