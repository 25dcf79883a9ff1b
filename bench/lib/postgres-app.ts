import { createApp } from "../../server/composition/app.ts";
import { createServices } from "../../server/composition/services.ts";
import { loadConfig } from "../../server/config.ts";
import { openDatabase } from "../../server/db/client.ts";
import { createLogger } from "../../server/logger.ts";

/**
 * The app's request handler over the already seeded PostgreSQL at BENCH_DATABASE_URL, with no in-process
 * cache: these benches measure the database work behind one request. Exits with a hint when unset.
 */
export async function openBenchApp(options: { poolSize?: number } = {}) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error(
      "Set BENCH_DATABASE_URL to a seeded PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/vitrina_seed).",
    );
    process.exit(2);
  }
  const database = await openDatabase({ url, poolSize: options.poolSize ?? 4 });
  const app = createApp({
    config: loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATABASE_URL: url }),
    services: createServices(database.db),
    logger: createLogger("silent"),
    checks: {},
  });
  return { database, app };
}
