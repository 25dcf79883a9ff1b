import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { testDriver, workerDatabaseUrl } from "#tests/fixtures/test-database.ts";
import { STATEMENT_TIMEOUT_MS } from "./statement-timeouts.ts";

/** PostgreSQL only: PGlite never fires statement_timeout (see server/db/statement-timeout.ts). */
const postgres = testDriver() === "postgres";

describe.skipIf(!postgres)("a request whose statement runs past its timeout", () => {
  let locker: pg.Client | undefined;
  afterAll(async () => {
    await locker?.end();
  });

  it("answers 503 query_timeout with Retry-After in JSON after its kind's timeout, not a 500 and not a hang", async () => {
    const { app } = await getTestContext();
    // Another session holds the products table: the listing's statement waits for the lock until its
    // statement timeout cancels it (a lock wait counts, as any slow statement would).
    locker = new pg.Client({ connectionString: workerDatabaseUrl() });
    await locker.connect();
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE products IN ACCESS EXCLUSIVE MODE");
    try {
      // Values nobody asked for before: not answered from the in-process cache.
      const fresh = () => Math.floor(Math.random() * 1e6) + 7;
      for (const [kind, path] of [
        ["read", `/api/v1/products?priceMax=${fresh()}`],
        ["search", `/api/v1/search?q=чайник${fresh()}`],
        ["suggest", `/api/v1/search/suggest?q=чайник${fresh()}`],
      ] as const) {
        const started = performance.now();
        const res = await app.request(encodeURI(path));
        const elapsed = performance.now() - started;
        expect(res.status, path).toBe(503);
        expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(await res.json()).toEqual({
          status: 503,
          type: "unavailable",
          code: "query_timeout",
          message: "Запрос выполнялся слишком долго. Попробуйте ещё раз",
        });
        expect(elapsed, kind).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS[kind] - 100);
        expect(elapsed, kind).toBeLessThan(STATEMENT_TIMEOUT_MS[kind] + 2_000);
      }
    } finally {
      await locker.query("ROLLBACK");
    }
    // The pool's sessions serve the next request normally.
    expect((await app.request("/api/v1/products?limit=1")).status).toBe(200);
  });
});
