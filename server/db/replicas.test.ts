import type pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { parseLsn, type QueryablePool, ReplicaRouter } from "./replicas.ts";

/**
 * The router's rules on stand-in pools (the real replica is in replicas.integration.test.ts): which reads a
 * replica may serve, when they go to the primary, and what a replica's failure does.
 */
class FakePool implements QueryablePool {
  lsn = "0/100";
  standby = true;
  fail: Error | undefined;
  reads = 0;
  constructor(readonly name: string) {}
  query = (async (text: string) => {
    if (this.fail) throw this.fail;
    if (text.includes("pg_current_wal_lsn")) return { rows: [{ lsn: this.lsn }] };
    if (text.includes("pg_is_in_recovery")) return { rows: [{ standby: this.standby, lsn: this.lsn }] };
    this.reads++;
    return { rows: [{ served: this.name }] };
  }) as unknown as pg.Pool["query"];
  connect = (async () => {
    if (this.fail) throw this.fail;
    return { served: this.name } as unknown as pg.PoolClient;
  }) as pg.Pool["connect"];
  end = (async () => {}) as pg.Pool["end"];
}

const connectionRefused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5499"), {
  code: "ECONNREFUSED",
});

let router: ReplicaRouter | undefined;
afterEach(async () => {
  await router?.close();
  router = undefined;
});

function setUp(replicaCount = 1) {
  const primary = new FakePool("primary");
  const replicas = Array.from({ length: replicaCount }, (_, i) => new FakePool(`replica-${i}`));
  router = new ReplicaRouter({
    primary,
    replicas: replicas.map((pool) => ({ name: pool.name, pool })),
    probeEveryMs: 60_000,
  });
  const served = async () => ((await router!.query("SELECT 1")).rows[0] as { served: string }).served;
  return { primary, replicas, router, served };
}

describe("reads on replicas (ADR 070)", () => {
  it("parses PostgreSQL's LSNs into comparable numbers", () => {
    expect(parseLsn("0/16B3748")).toBe(0x16b3748n);
    expect(parseLsn("16/B374D848")).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn("1/0") > parseLsn("0/FFFFFFFF")).toBe(true);
  });

  it("goes to the primary until a probe has seen the replica caught up with the primary", async () => {
    const { router, served } = setUp();
    expect(await served()).toBe("primary");
    await router.probe(); // the replica has replayed what the primary had when the probe began
    expect(await served()).toBe("replica-0");
  });

  it("stops serving from a replica found behind the primary by a probe", async () => {
    const { primary, router, served } = setUp();
    await router.probe();
    expect(await served()).toBe("replica-0");
    primary.lsn = "0/200"; // the primary writes; the replica replays nothing
    expect(await served()).toBe("replica-0"); // until the next probe (500 ms at most): allowed
    await router.probe();
    expect(await served()).toBe("primary");
    expect(router.state()[0]).toMatchObject({ up: true, eligible: false, replayLsn: "0/100" });
  });

  it("after a change is announced, serves from the replica only once it has replayed the primary's position of then", async () => {
    const { primary, replicas, router, served } = setUp();
    await router.probe();
    primary.lsn = "0/300";
    router.fence();
    // While the primary's position is read, and after, until a probe sees the replay: the primary.
    expect(await served()).toBe("primary");
    await router.probe();
    expect(await served()).toBe("primary");
    replicas[0]!.lsn = "0/300";
    await router.probe();
    expect(await served()).toBe("replica-0");
  });

  it("round-robins over the replicas that serve", async () => {
    const { router, served } = setUp(2);
    await router.probe();
    const seen = [await served(), await served(), await served(), await served()];
    expect(seen).toEqual(["replica-0", "replica-1", "replica-0", "replica-1"]);
  });

  it("retries on the primary a read the replica failed for its own reasons, and keeps the replica out", async () => {
    const { replicas, router, served } = setUp();
    await router.probe();
    replicas[0]!.fail = connectionRefused;
    expect(await served()).toBe("primary");
    expect(router.state()[0]).toMatchObject({ up: false, eligible: false, failedOver: 1 });
    expect(await served()).toBe("primary");
    expect(router.state()[0]!.failedOver).toBe(1);
    // A read transaction's connection too.
    replicas[0]!.fail = undefined;
    await router.probe();
    expect(((await router.connect()) as unknown as { served: string }).served).toBe("replica-0");
    replicas[0]!.fail = Object.assign(new Error("canceling statement due to conflict with recovery"), {
      code: "40001",
    });
    expect(await served()).toBe("primary");
  });

  it("does not retry a read that would fail on the primary too", async () => {
    const { primary, replicas, router } = setUp();
    await router.probe();
    replicas[0]!.fail = Object.assign(new Error('relation "nope" does not exist'), { code: "42P01" });
    await expect(router.query("SELECT * FROM nope")).rejects.toThrow("nope");
    expect(primary.reads).toBe(0);
  });

  it("keeps a promoted replica out: it no longer follows this primary", async () => {
    const { replicas, router, served } = setUp();
    await router.probe();
    replicas[0]!.standby = false;
    await router.probe();
    expect(await served()).toBe("primary");
    expect(router.state()[0]).toMatchObject({ up: false, eligible: false });
  });

  it("serves nothing from replicas while the primary's position cannot be read", async () => {
    const { primary, router, served } = setUp();
    await router.probe();
    primary.fail = connectionRefused;
    await router.probe();
    primary.fail = undefined;
    expect(await served()).toBe("primary");
  });
});
