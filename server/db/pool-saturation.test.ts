import type pg from "pg";
import { describe, expect, it } from "vitest";
import { databaseAppError, PoolSaturatedError } from "./database-errors.ts";
import { reportPoolSaturation } from "./pool-saturation.ts";

type Callback = (error: Error | undefined, client?: unknown, done?: unknown) => void;

/** A pool whose every connect fails with `error`, holding `totalCount` connections. */
function failingPool(error: Error, totalCount: number) {
  const pool = {
    totalCount,
    waitingCount: 3,
    connect: (callback?: Callback) => {
      if (!callback) return Promise.reject(error);
      callback(error);
      return undefined;
    },
  };
  return pool as unknown as pg.Pool;
}

const waitTimeout = () => new Error("timeout exceeded when trying to connect");

describe("a saturated pool told apart from a database that is down", () => {
  it("a full pool's wait running out while the database answers is the service busy", async () => {
    const reported: PoolSaturatedError[] = [];
    const pool = failingPool(waitTimeout(), 10);
    reportPoolSaturation(
      pool,
      () => true,
      (error) => reported.push(error),
    );
    const error = await pool.connect().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PoolSaturatedError);
    expect(databaseAppError(error)).toMatchObject({ status: 503, code: "service_busy" });
    // pool.query connects through the callback form.
    let viaCallback: unknown;
    (pool.connect as unknown as (callback: Callback) => void)((caught) => {
      viaCallback = caught;
    });
    expect(viaCallback).toBeInstanceOf(PoolSaturatedError);
    expect(reported).toHaveLength(2);
  });

  it("stays the database being unavailable while the gate is closed or the pool holds no connection", async () => {
    for (const [open, total] of [
      [false, 10],
      [true, 0],
    ] as const) {
      const pool = failingPool(waitTimeout(), total);
      reportPoolSaturation(pool, () => open);
      const error = await pool.connect().catch((caught: unknown) => caught);
      expect(databaseAppError(error)).toMatchObject({ code: "database_unavailable" });
    }
  });

  it("leaves other connection errors alone", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const pool = failingPool(refused, 10);
    reportPoolSaturation(pool, () => true);
    expect(await pool.connect().catch((caught: unknown) => caught)).toBe(refused);
  });
});
