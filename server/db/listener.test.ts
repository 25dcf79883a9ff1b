import { EventEmitter } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffCeiling, backoffDelay, LISTEN_BACKOFF } from "./backoff.ts";
import { type ListenClient, startListener } from "./listener.ts";

/**
 * A stand-in for node-postgres' Client against a database the test controls: `refusing` makes connects
 * fail the way a refused connection does (the promise rejects and the client emits `end`, which is what
 * made the old code start a second retry chain); `silent` makes every query hang.
 */
function fakeDatabase() {
  const state = {
    refusing: false,
    silent: false,
    /** The next connect hangs until `hanging` is called with its error. */
    hang: false,
    hanging: undefined as ((error: Error) => void) | undefined,
    connects: 0,
    open: new Set<FakeClient>(),
  };
  class FakeClient extends EventEmitter implements ListenClient {
    destroyed = false;
    async connect() {
      state.connects++;
      if (state.hang) {
        state.hang = false;
        await new Promise<void>((_, reject) => {
          state.hanging = reject;
        });
      }
      if (state.refusing) {
        queueMicrotask(() => this.emit("end"));
        throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
      }
      state.open.add(this);
    }
    query(_text: string): Promise<unknown> {
      if (this.destroyed) return Promise.reject(new Error("Client was closed"));
      return state.silent ? new Promise(() => {}) : Promise.resolve({ rows: [] });
    }
    async end() {
      this.destroy();
    }
    destroy() {
      this.destroyed = true;
      state.open.delete(this);
    }
    /** The server goes away: the connection ends, as on a restart. */
    drop() {
      state.open.delete(this);
      this.emit("error", new Error("Connection terminated unexpectedly"));
      this.emit("end");
    }
  }
  return { state, createClient: () => new FakeClient(), clients: () => [...state.open] };
}

describe("back-off schedule", () => {
  it("doubles from the base up to the cap, and the wait is a random share of that ceiling", () => {
    const ceilings = Array.from({ length: 10 }, (_, attempt) => backoffCeiling(attempt, LISTEN_BACKOFF));
    expect(ceilings).toEqual([250, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(backoffDelay(3, LISTEN_BACKOFF, () => 0)).toBe(0);
    expect(backoffDelay(3, LISTEN_BACKOFF, () => 0.5)).toBe(1_000);
    expect(backoffDelay(50, LISTEN_BACKOFF, () => 0.999_999)).toBeLessThan(30_000);
  });
});

describe("the LISTEN connection's one reconnect loop", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Worst case for a storm: every wait at its ceiling is the slowest; at zero the most attempts. */
  const start = async (db: ReturnType<typeof fakeDatabase>, extra: { onReset?: () => void } = {}) =>
    startListener({
      channel: "catalog_changed",
      createClient: db.createClient,
      onMessage: () => {},
      random: () => 0.5,
      heartbeatMs: 2_000,
      heartbeatTimeoutMs: 3_000,
      ...extra,
    });

  it("keeps attempts to the back-off schedule while refused, and ends with exactly one connection", async () => {
    const db = fakeDatabase();
    const onReset = vi.fn();
    const listener = await start(db, { onReset });
    expect(db.state.connects).toBe(1);

    db.state.refusing = true;
    db.clients()[0]!.drop();
    const attemptsPer5s: number[] = [];
    let before = db.state.connects;
    for (let window = 0; window < 12; window++) {
      await vi.advanceTimersByTimeAsync(5_000);
      attemptsPer5s.push(db.state.connects - before);
      before = db.state.connects;
    }
    // Waits of half the ceiling: 125, 250, 500 ms … 8 s, then 15 s: a handful at first, then one per 15 s.
    expect(attemptsPer5s.slice(0, 2).reduce((a, b) => a + b)).toBeLessThanOrEqual(8);
    for (const attempts of attemptsPer5s.slice(4)) expect(attempts).toBeLessThanOrEqual(1);
    // A minute refused: 12 attempts with these waits; a doubling storm would be in the thousands.
    expect(db.state.connects - 1).toBeLessThanOrEqual(12);

    db.state.refusing = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(db.clients()).toHaveLength(1);
    expect(onReset).toHaveBeenCalledTimes(1);
    // And it stays one: no leftover chain reconnects a second one later.
    const connects = db.state.connects;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(db.state.connects).toBe(connects);
    expect(db.clients()).toHaveLength(1);
    await listener.close();
  });

  it("notices a connection that stopped answering by its heartbeat, drops it and reconnects once", async () => {
    const db = fakeDatabase();
    const onReset = vi.fn();
    const listener = await start(db, { onReset });
    const first = db.clients()[0]!;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(listener.confirmedAt()).toBe(Date.now());

    // A silent drop: no FIN, no error, queries just never come back.
    db.state.silent = true;
    const droppedAt = Date.now();
    // The heartbeat is sent within 2 s and given 3 s: by 5 s the connection is known dead.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(first.destroyed).toBe(true);
    expect(listener.confirmedAt()).toBeLessThanOrEqual(droppedAt);

    db.state.silent = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(db.clients()).toHaveLength(1);
    expect(listener.confirmedAt()).toBe(Date.now());
    await listener.close();
  });

  it("a stopped listener stops reconnecting", async () => {
    const db = fakeDatabase();
    const listener = await start(db);
    db.state.refusing = true;
    db.clients()[0]!.drop();
    await vi.advanceTimersByTimeAsync(1_000);
    await listener.close();
    const connects = db.state.connects;
    db.state.refusing = false;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(db.state.connects).toBe(connects);
    expect(db.clients()).toHaveLength(0);
  });

  it("wake() retries at once when the database is known to be back, without a second chain", async () => {
    const db = fakeDatabase();
    const listener = await start(db);
    db.state.refusing = true;
    db.clients()[0]!.drop();
    // Far into the back-off: the next wait is long.
    await vi.advanceTimersByTimeAsync(40_000);
    db.state.refusing = false;
    const connects = db.state.connects;
    listener.wake();
    listener.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(db.state.connects).toBe(connects + 1);
    expect(db.clients()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(db.clients()).toHaveLength(1);
    await listener.close();
  });

  it("a wake() during an attempt that then fails retries at once instead of backing off", async () => {
    const db = fakeDatabase();
    const listener = await start(db);
    db.state.refusing = true;
    db.clients()[0]!.drop();
    // Far into the back-off, the next attempt hangs, as a connect into a dead network does.
    await vi.advanceTimersByTimeAsync(40_000);
    db.state.hang = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(db.state.hanging).toBeDefined();
    const connects = db.state.connects;
    // The database answers again (the pool's probe got through) while that attempt still hangs.
    db.state.refusing = false;
    db.state.hang = false;
    listener.wake();
    db.state.hanging?.(new Error("timeout expired"));
    await vi.advanceTimersByTimeAsync(0);
    expect(db.state.connects).toBe(connects + 1);
    expect(db.clients()).toHaveLength(1);
    await listener.close();
  });
});
