import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { READY_CHECK_TIMEOUT_MS } from "#server/http/readiness.ts";
import type { Logger } from "#server/logger.ts";
import { keepNamedStatements } from "./pglite-statements.ts";
import { ConnectionGate } from "./connection-gate.ts";
import { type ChangeSubscription, type ListenClient, type Listener, startListener } from "./listener.ts";
import { reportPoolSaturation } from "./pool-saturation.ts";
import { ReplicaRouter, replicaName } from "./replicas.ts";
import { destroySocket, pooledClientClass } from "./pooled-client.ts";
import * as schema from "./schema/index.ts";
import { honourStatementTimeouts } from "./statement-timeout.ts";

export type Schema = typeof schema;
/** The one database type the domain sees: identical for PostgreSQL and PGlite. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  /**
   * Where catalogue reads go (catalogue, search, menus, content, the sitemap): the replicas when there are
   * any and they have caught up, else `db` itself. Read-only: nothing writes through it (ADR 070).
   */
  readDb: Database;
  /** The replicas behind `readDb`, when DATABASE_REPLICA_URL names any. */
  replicas?: ReplicaRouter | undefined;
  kind: "postgres" | "pglite";
  /** Cheap round trip for `/readyz`; gives up after READY_CHECK_TIMEOUT_MS, as the check does. */
  ping(): Promise<void>;
  /**
   * Subscribes to NOTIFY messages on `channel`. `onReset` runs whenever messages may have been missed
   * (the listening connection dropped and came back), so subscribers can drop everything they derived;
   * the subscription's `confirmedAt` says up to when messages are known to have arrived.
   */
  listen(
    channel: string,
    handlers: { onMessage: (payload: string) => void; onReset?: () => void },
  ): Promise<ChangeSubscription>;
  /**
   * Runs `work` while holding the session-level advisory lock `key` (waiting for it if another session
   * holds it), so processes sharing the database do it one at a time: start-up migrations and seed. The
   * lock lives on one dedicated connection; `work` uses the ordinary pool, without the query timeout
   * (migrations and the seed may run statements longer than any request). A session that dies releases it.
   */
  exclusive<T>(key: AdvisoryLockKey, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Advisory lock keys of this application (one 64-bit key space per database, shared with anything else
 * that uses advisory locks there, hence the distinctive values).
 */
export const ADVISORY_LOCK = {
  /** Migrations and the start-up seed. */
  startup: 7_350_001n,
} as const;
export type AdvisoryLockKey = (typeof ADVISORY_LOCK)[keyof typeof ADVISORY_LOCK];

export interface DatabaseOptions {
  /** postgres:// URL; when absent, the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` (or undefined) keeps it in memory. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * PostgreSQL: the client-side backstop for one query, in ms (0 or absent: none). Statement timeouts
   * cancel slow queries on the server first; this one ends a query whose server stopped answering.
   */
  queryTimeoutMs?: number;
  /** PostgreSQL: how long opening a connection may take. */
  connectTimeoutMs?: number;
  /** PostgreSQL: the LISTEN connection's heartbeat (listener.ts); tests shorten it. */
  heartbeat?: { everyMs: number; timeoutMs: number };
  /** Outages and recoveries of the connections are logged here. */
  logger?: Pick<Logger, "warn" | "info"> | undefined;
  /**
   * PostgreSQL: the server ends a session left idle inside a transaction this long, releasing its locks
   * (a client that died mid-transaction behind a NAT); tests shorten it.
   */
  idleInTransactionTimeoutMs?: number;
  /** PostgreSQL: a statement waiting for a lock (a row another transaction holds) gives up after this. */
  lockTimeoutMs?: number;
  /** PostgreSQL: streaming replicas of `url` that catalogue reads go to (DATABASE_REPLICA_URL, ADR 070). */
  replicaUrls?: string[] | undefined;
  /** How often the replicas' replay is checked; tests shorten it. */
  replicaProbeEveryMs?: number;
}

/** How every connection is named in pg_stat_activity: the pool's, and the one listening for changes. */
export const APPLICATION_NAME = { pool: "vitrina", listen: "vitrina-listen" } as const;

/**
 * TCP keepalive after this much silence. Linux then probes every 75 s, 9 times, so keepalive alone takes
 * minutes to notice a dead peer; the query timeout and the listener's heartbeat are the real bounds.
 */
const KEEPALIVE_DELAY_MS = 10_000;
/**
 * A lock of a client that died mid-transaction is gone after at most this long: the server ends a session
 * idle inside a transaction (issue 19, point 4). Our transactions never wait on anything outside the
 * database between statements, so a live one is never idle this long.
 */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 15_000;
/** How long a statement waits for a lock before it fails (503, «попробуйте ещё раз»), instead of piling up. */
export const LOCK_TIMEOUT_MS = 5_000;
/**
 * The server's own TCP keepalive on our connections (seconds): idle 10, then every 5, 3 probes. A client
 * that vanished is noticed in about 25 s instead of the operating system's 2 hours.
 */
const SERVER_KEEPALIVE = { idle: 10, interval: 5, count: 3 };
const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
/** A saturated pool is reported at most this often, not once per request it turns away. */
const SATURATION_LOG_EVERY_MS = 10_000;
/** An idle pooled connection is closed after this long, so one that died silently is not kept for long. */
const POOL_IDLE_TIMEOUT_MS = 10_000;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options);
  const dataDir = options.dataDir && options.dataDir !== "memory://" ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  // What the code names is parsed once, as node-postgres does (ADR 075).
  keepNamedStatements(db, client);
  // PGlite is one session shared by every caller in this process, and session advisory locks are
  // re-entrant within a session: callers are queued here, and the SQL lock keeps the code path the same.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    db,
    readDb: db,
    kind: "pglite",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // Notifications reach this process's own session synchronously: nothing can be missed.
    listen: async (channel, { onMessage }) => {
      const stop = await client.listen(channel, onMessage);
      return { close: () => stop(), confirmedAt: () => Date.now() };
    },
    exclusive: <T>(key: AdvisoryLockKey, work: () => Promise<T>): Promise<T> => {
      const run = async () => {
        await db.execute(sql`SELECT pg_advisory_lock(${key.toString()}::bigint)`);
        try {
          return await work();
        } finally {
          await db.execute(sql`SELECT pg_advisory_unlock(${key.toString()}::bigint)`);
        }
      };
      const result = queue.then(run, run);
      queue = result.catch(() => {});
      return result;
    },
    close: () => client.close(),
  };
}

function openPostgres(url: string, options: DatabaseOptions): DatabaseHandle {
  const log = options.logger;
  /** Start-up work under `exclusive` runs without the query timeout. */
  let exclusiveWork = 0;
  const { pool, gate, connection } = createPool(url, options, {
    queryTimeoutMs: () => (exclusiveWork > 0 ? 0 : (options.queryTimeoutMs ?? 0)),
    name: "database",
  });
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  // Catalogue reads on the replicas, when there are any (ADR 070); else they share the primary's pool.
  const replicaUrls = options.replicaUrls ?? [];
  const replicas =
    replicaUrls.length > 0
      ? new ReplicaRouter({
          primary: pool,
          replicas: replicaUrls.map((replicaUrl) => {
            const name = replicaName(replicaUrl);
            const queryTimeoutMs = () => options.queryTimeoutMs ?? 0;
            return {
              name,
              pool: createPool(replicaUrl, options, { queryTimeoutMs, name: `replica ${name}` }).pool,
            };
          }),
          probeEveryMs: options.replicaProbeEveryMs,
          logger: log,
        })
      : undefined;
  const readDb = replicas
    ? (drizzlePg(replicas.pool as unknown as pg.Pool, { schema }) as unknown as Database)
    : db;
  const listeners = new Set<Listener>();
  return {
    db,
    readDb,
    replicas,
    kind: "postgres",
    ping: async () => {
      // query_timeout per query is node-postgres' own option, missing from its types.
      await pool.query({ text: "select 1", query_timeout: READY_CHECK_TIMEOUT_MS } as pg.QueryConfig);
    },
    listen: async (channel, { onMessage, onReset }) => {
      const listener = await startListener({
        channel,
        // A change announced by the primary: the replicas serve again once they have replayed it.
        onMessage: (payload) => {
          replicas?.fence();
          onMessage(payload);
        },
        onReset: () => {
          log?.info({ channel }, "LISTEN connection is back: derived state dropped");
          replicas?.fence();
          onReset?.();
        },
        onLost: (err, retryInMs) => log?.warn({ err, channel, retryInMs }, "LISTEN connection lost"),
        onConnected: () => gate.succeeded(),
        createClient: () => listenClient({ ...connection, application_name: APPLICATION_NAME.listen }),
        ...(options.heartbeat
          ? { heartbeatMs: options.heartbeat.everyMs, heartbeatTimeoutMs: options.heartbeat.timeoutMs }
          : {}),
      });
      // A connection the pool made proves the database is back: the listener need not wait out its back-off.
      const unsubscribe = gate.onOpen(() => listener.wake());
      listeners.add(listener);
      return {
        confirmedAt: () => listener.confirmedAt(),
        close: async () => {
          unsubscribe();
          listeners.delete(listener);
          await listener.close();
        },
      };
    },
    exclusive: async (key, work) => {
      // Waiting for another instance's start-up (its seed, say) takes as long as that does.
      exclusiveWork++;
      try {
        const client = await pool.connect();
        let broken = false;
        try {
          // Waiting for another instance's start-up is not a lock wait to give up on.
          await client.query("SET lock_timeout = 0");
          await client.query("SELECT pg_advisory_lock($1)", [key.toString()]);
          try {
            return await work();
          } finally {
            await client.query("SELECT pg_advisory_unlock($1)", [key.toString()]).catch(() => {
              broken = true;
            });
            await client.query("RESET lock_timeout").catch(() => {
              broken = true;
            });
          }
        } finally {
          // A connection whose unlock failed may still hold the lock: destroy it rather than pool it.
          client.release(broken);
        }
      } finally {
        exclusiveWork--;
      }
    },
    close: async () => {
      await Promise.all([...listeners].map((listener) => listener.close()));
      await replicas?.close();
      await pool.end();
    },
  };
}

/**
 * A pool of connections to one server (the primary, or a replica), with its connection gate, statement
 * timeouts and saturation report; `name` says which in the log.
 */
function createPool(
  url: string,
  options: DatabaseOptions,
  { queryTimeoutMs, name }: { queryTimeoutMs: () => number; name: "database" | `replica ${string}` },
) {
  const log = options.logger;
  // What a shopper meets when this pool cannot serve: a 503 from the primary, the primary from a replica.
  const outcome = name === "database" ? "requests answered 503" : "reads go to the primary";
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const connection = {
    connectionString: url,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    connectionTimeoutMillis: connectTimeoutMs,
  };
  const gate = new ConnectionGate();
  const pool = new pg.Pool({
    ...connection,
    application_name: APPLICATION_NAME.pool,
    max: options.poolSize ?? 10,
    idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
    // JIT compilation costs tens of milliseconds and pays off only for long analytical queries; ours are
    // short, so it is off for every connection.
    // Session settings of every pooled connection: JIT off (below), a dead client's locks released
    // (idle in transaction, the server's keepalive) and lock waits bounded.
    options: [
      "-c jit=off",
      `-c idle_in_transaction_session_timeout=${options.idleInTransactionTimeoutMs ?? IDLE_IN_TRANSACTION_TIMEOUT_MS}`,
      `-c lock_timeout=${options.lockTimeoutMs ?? LOCK_TIMEOUT_MS}`,
      `-c tcp_keepalives_idle=${SERVER_KEEPALIVE.idle}`,
      `-c tcp_keepalives_interval=${SERVER_KEEPALIVE.interval}`,
      `-c tcp_keepalives_count=${SERVER_KEEPALIVE.count}`,
    ].join(" "),
    Client: pooledClientClass({ gate, queryTimeoutMs }),
  });
  // An idle client that loses its server would otherwise crash the process with an unhandled 'error'.
  pool.on("error", () => {});
  // Each API request's statements run under its kind's statement_timeout (ADR 024).
  honourStatementTimeouts(pool);
  // A full pool's wait running out is this instance overloaded, not the database down.
  let saturationLoggedAt = Number.NEGATIVE_INFINITY;
  reportPoolSaturation(
    pool,
    () => !gate.closed,
    (err) => {
      if (Date.now() - saturationLoggedAt < SATURATION_LOG_EVERY_MS) return;
      saturationLoggedAt = Date.now();
      log?.warn({ err }, `${name} pool saturated: requests gave up waiting for a free connection`);
    },
  );
  let gateClosedAt: number | undefined;
  gate.onClose((err) => {
    gateClosedAt = Date.now();
    log?.warn({ err }, `${name} connection failed: new connections held back, ${outcome}`);
  });
  gate.onOpen(() => {
    log?.info({ downMs: Date.now() - (gateClosedAt ?? Date.now()) }, `${name} answers again`);
  });
  return { pool, gate, connection };
}

/** A dedicated connection for LISTEN (a pooled one would be handed to queries). */
function listenClient(config: pg.ClientConfig): ListenClient {
  const client = new pg.Client(config);
  return {
    connect: () => client.connect(),
    query: (text) => client.query(text),
    on: (event: string, listener: (...args: never[]) => void) =>
      client.on(event as "end", listener as unknown as () => void),
    end: () => client.end(),
    destroy: () => destroySocket(client),
  };
}
