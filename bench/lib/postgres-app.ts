import { openCaches } from "../../server/cache/index.ts";
import { createApp } from "../../server/composition/app.ts";
import { createServices, type ServiceOptions } from "../../server/composition/services.ts";
import { loadConfig } from "../../server/config.ts";
import { openDatabase } from "../../server/db/client.ts";
import { createLogger } from "../../server/logger.ts";

/**
 * The app's request handler over the already seeded PostgreSQL at BENCH_DATABASE_URL. With no in-process
 * cache by default: these benches measure the database work behind one request; `cached` keeps the
 * reference data in the in-process cache as production does. Exits with a hint when unset.
 */
export async function openBenchApp(
  options: { poolSize?: number; cached?: boolean; orders?: ServiceOptions["orders"] } = {},
) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error(
      "Set BENCH_DATABASE_URL to a seeded PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/vitrina_seed).",
    );
    process.exit(2);
  }
  const database = await openDatabase({ url, poolSize: options.poolSize ?? 4 });
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATABASE_URL: url });
  const caches = options.cached ? await openCaches(config, database, createLogger("silent")) : undefined;
  const app = createApp({
    config,
    services: createServices(database.db, {
      cache: caches?.data,
      cacheTrusted: caches?.trusted,
      ...(options.orders ? { orders: options.orders } : {}),
    }),
    logger: createLogger("silent"),
    checks: {},
  });
  return {
    database,
    app,
    close: async () => {
      await caches?.close();
      await database.close();
    },
  };
}
