import type pg from "pg";
import { databaseFault } from "./database-errors.ts";

/**
 * Catalogue reads on streaming replicas (ADR 070). The storefront's catalogue, search and page-cache fills
 * read through `ReplicaReadPool`; everything else (basket, checkout, sign-in, the back office, jobs) keeps
 * the primary's pool. A replica serves a read only while it is known to have replayed what the primary had
 * written when the last probe began (so it is at most one probe, 500 ms, behind), and, after a change was
 * announced (`fence`), what the primary had when it was announced: so a page refilled after its invalidation never shows the old product. A replica that
 * lags, is lost or was promoted serves nothing until a probe finds it caught up again; the read goes to the
 * primary meanwhile, and a read that fails on a replica because of the replica is retried on the primary.
 */

/** How often the replicas' replay positions (and the primary's write position) are read. */
export const REPLICA_PROBE_EVERY_MS = 500;
/** A probe that takes longer than this counts as the replica lost. */
const PROBE_TIMEOUT_MS = 1_000;

/** What of node-postgres' Pool the router uses: one for the primary and one per replica. */
export type QueryablePool = Pick<pg.Pool, "query" | "connect" | "end">;

export interface ReplicaState {
  /** host:port/database of the replica (no credentials). */
  name: string;
  /** The last probe reached it, and it is a standby (not promoted). */
  up: boolean;
  /** Its replay position at the last probe, as PostgreSQL prints an LSN. */
  replayLsn: string | undefined;
  /** Serves reads now. */
  eligible: boolean;
  /** Reads it has served, and reads sent on to the primary after it failed them. */
  reads: number;
  failedOver: number;
}

interface Replica {
  name: string;
  pool: QueryablePool;
  up: boolean;
  replay: bigint | undefined;
  reads: number;
  failedOver: number;
}

export interface ReplicaRouterOptions {
  primary: QueryablePool;
  replicas: { name: string; pool: QueryablePool }[];
  probeEveryMs?: number;
  logger?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void } | undefined;
}

/** `16/B374D848` → a comparable number. */
export function parseLsn(lsn: string): bigint {
  const [high, low] = lsn.split("/");
  if (high === undefined || low === undefined) throw new Error(`not an LSN: ${lsn}`);
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/**
 * A replica's failure that the primary would not share: the replica is unreachable, shutting down or
 * out of connections, or cancelled the read to replay the primary's changes (40001, a recovery conflict).
 * A statement timeout or a bad query would fail on the primary too, so those are not retried.
 */
function replicaFault(error: unknown): boolean {
  const fault = databaseFault(error);
  if (fault === "unavailable" || fault === "busy") return true;
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === "40001") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export class ReplicaRouter {
  readonly #primary: QueryablePool;
  readonly #replicas: Replica[];
  readonly #log: ReplicaRouterOptions["logger"];
  /** The primary's write position when the last probe began: a replica must have replayed at least this. */
  #primaryBefore: bigint | undefined;
  /** The primary's position when the latest change was announced. */
  #fence = 0n;
  /** Announced changes whose primary position is still being read: replicas serve nothing meanwhile. */
  #fencing = 0;
  #next = 0;
  #timer: ReturnType<typeof setInterval> | undefined;
  #probing: Promise<void> | undefined;
  #closed = false;

  constructor(options: ReplicaRouterOptions) {
    this.#primary = options.primary;
    this.#log = options.logger;
    this.#replicas = options.replicas.map(({ name, pool }) => ({
      name,
      pool,
      up: false,
      replay: undefined,
      reads: 0,
      failedOver: 0,
    }));
    const every = options.probeEveryMs ?? REPLICA_PROBE_EVERY_MS;
    if (this.#replicas.length > 0) {
      this.#timer = setInterval(() => void this.probe(), every);
      this.#timer.unref();
    }
  }

  /** The pool Drizzle reads the catalogue through. */
  readonly pool = new ReplicaReadPool(this);

  #eligible(replica: Replica): boolean {
    if (!replica.up || replica.replay === undefined || this.#primaryBefore === undefined) return false;
    if (this.#fencing > 0) return false;
    return replica.replay >= this.#primaryBefore && replica.replay >= this.#fence;
  }

  /** A replica to read from now (round robin over the eligible ones), or undefined for the primary. */
  choose(): Replica | undefined {
    const count = this.#replicas.length;
    for (let i = 0; i < count; i++) {
      const replica = this.#replicas[(this.#next + i) % count];
      if (replica && this.#eligible(replica)) {
        this.#next = (this.#next + i + 1) % count;
        return replica;
      }
    }
    return undefined;
  }

  /**
   * A change was committed on the primary and announced (a catalogue NOTIFY): until every replica that
   * serves has replayed the primary's position of now, it serves nothing. Call it before dropping the caches
   * the change invalidates, so their refills read the change.
   */
  fence(): void {
    if (this.#replicas.length === 0 || this.#closed) return;
    this.#fencing++;
    this.#primary
      .query("SELECT pg_current_wal_lsn()::text AS lsn")
      .then((result) => {
        const lsn = parseLsn(String(result.rows[0]?.lsn));
        if (lsn > this.#fence) this.#fence = lsn;
      })
      // Without the primary's position the fence cannot be placed: the replicas wait for the next probe's.
      .catch(() => {
        this.#primaryBefore = undefined;
      })
      .finally(() => {
        this.#fencing--;
        void this.probe();
      });
  }

  /** Reads every replica's replay position and the primary's write position; one probe at a time. */
  probe(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#probing ??= this.#probeOnce().finally(() => {
      this.#probing = undefined;
    });
    return this.#probing;
  }

  async #probeOnce(): Promise<void> {
    let primaryNow: bigint | undefined;
    try {
      const result = await withTimeout(
        this.#primary.query("SELECT pg_current_wal_lsn()::text AS lsn"),
        PROBE_TIMEOUT_MS,
      );
      primaryNow = parseLsn(String(result.rows[0]?.lsn));
    } catch {
      primaryNow = undefined;
    }
    await Promise.all(
      this.#replicas.map(async (replica) => {
        const wasUp = replica.up;
        try {
          const result = await withTimeout(
            replica.pool.query(
              "SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS lsn",
            ),
            PROBE_TIMEOUT_MS,
          );
          const row = result.rows[0] as { standby: boolean; lsn: string | null } | undefined;
          // A promoted replica no longer follows this primary: its data may have gone its own way.
          replica.up = row?.standby === true && row.lsn !== null;
          replica.replay = row?.lsn ? parseLsn(row.lsn) : undefined;
          if (!replica.up && wasUp)
            this.#log?.warn({ replica: replica.name }, "replica is no longer a standby");
        } catch (err) {
          replica.up = false;
          if (wasUp)
            this.#log?.warn({ err, replica: replica.name }, "replica lost: its reads go to the primary");
        }
        if (replica.up && !wasUp) this.#log?.info({ replica: replica.name }, "replica serves reads");
      }),
    );
    // A replica serves while it has replayed what the primary had written when this probe began.
    this.#primaryBefore = primaryNow;
  }

  async query(config: unknown, values?: unknown): Promise<pg.QueryResult> {
    const replica = this.choose();
    if (!replica) return this.#primary.query(config as string, values as unknown[]);
    try {
      const result = await replica.pool.query(config as string, values as unknown[]);
      replica.reads++;
      return result;
    } catch (err) {
      if (!replicaFault(err)) throw err;
      this.#lost(replica, err);
      return this.#primary.query(config as string, values as unknown[]);
    }
  }

  /** A read transaction (search's fuzzy match sets a threshold first): on a replica when one serves. */
  async connect(): Promise<pg.PoolClient> {
    const replica = this.choose();
    if (!replica) return this.#primary.connect();
    try {
      const client = await replica.pool.connect();
      replica.reads++;
      return client;
    } catch (err) {
      if (!replicaFault(err)) throw err;
      this.#lost(replica, err);
      return this.#primary.connect();
    }
  }

  #lost(replica: Replica, err: unknown): void {
    replica.failedOver++;
    if (replica.up)
      this.#log?.warn({ err, replica: replica.name }, "replica failed a read: reads go to the primary");
    replica.up = false;
  }

  state(): ReplicaState[] {
    return this.#replicas.map((replica) => ({
      name: replica.name,
      up: replica.up,
      replayLsn: replica.replay === undefined ? undefined : formatLsn(replica.replay),
      eligible: this.#eligible(replica),
      reads: replica.reads,
      failedOver: replica.failedOver,
    }));
  }

  /** Stops probing and closes the replicas' pools (the primary's is its owner's to close). */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#probing?.catch(() => {});
    await Promise.all(this.#replicas.map((replica) => replica.pool.end().catch(() => {})));
  }
}

/**
 * What Drizzle's node-postgres session is given in place of a pool: `query` and `connect` go where the
 * router says. Its class name contains «Pool», which is how Drizzle tells a pool (a transaction then takes
 * a connection of its own) from a single client.
 */
export class ReplicaReadPool {
  readonly #router: ReplicaRouter;
  constructor(router: ReplicaRouter) {
    this.#router = router;
  }
  query(config: unknown, values?: unknown): Promise<pg.QueryResult> {
    return this.#router.query(config, values);
  }
  connect(): Promise<pg.PoolClient> {
    return this.#router.connect();
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** host:port/database of a postgres:// URL, without its credentials, for logs. */
export function replicaName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
}
