import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema/index.ts";
import { honourStatementTimeouts } from "./statement-timeout.ts";

export type Schema = typeof schema;
/** The one database type the domain sees: identical for PostgreSQL and PGlite. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  /** Cheap round trip for `/readyz`. */
  ping(): Promise<void>;
  /**
   * Subscribes to NOTIFY messages on `channel`. `onReset` runs whenever messages may have been missed
   * (the listening connection dropped and came back), so subscribers can drop everything they derived.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReset?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Runs `work` while holding the session-level advisory lock `key` (waiting for it if another session
   * holds it), so processes sharing the database do it one at a time: start-up migrations and seed. The
   * lock lives on one dedicated connection; `work` uses the ordinary pool. A session that dies releases it.
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
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    // JIT compilation costs tens of milliseconds and pays off only for long analytical queries; ours are
    // short, so it is off for every connection.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      options: "-c jit=off",
    });
    // An idle client that loses its server would otherwise crash the process with an unhandled 'error'.
    pool.on("error", () => {});
    // Each API request's statements run under its kind's statement_timeout (ADR 024).
    honourStatementTimeouts(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      listen: (channel, onMessage, onReset) =>
        listenPostgres(options.url as string, channel, onMessage, onReset),
      exclusive: async (key, work) => {
        const client = await pool.connect();
        let broken = false;
        try {
          await client.query("SELECT pg_advisory_lock($1)", [key.toString()]);
          try {
            return await work();
          } finally {
            await client.query("SELECT pg_advisory_unlock($1)", [key.toString()]).catch(() => {
              broken = true;
            });
          }
        } finally {
          // A connection whose unlock failed may still hold the lock: destroy it rather than pool it.
          client.release(broken);
        }
      },
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir && options.dataDir !== "memory://" ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  // PGlite is one session shared by every caller in this process, and session advisory locks are
  // re-entrant within a session: callers are queued here, and the SQL lock keeps the code path the same.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onMessage) => client.listen(channel, onMessage).then((stop) => () => stop()),
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

const RECONNECT_DELAYS_MS = [100, 500, 1_000, 5_000];

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to queries). When the connection
 * drops, it reconnects with back-off and calls `onReset`, since messages sent meanwhile are lost.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReset?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let attempt = 0;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    next.on("error", () => {});
    next.on("end", () => {
      if (stopped) return;
      client = undefined;
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    client = next;
  };

  const scheduleReconnect = () => {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)];
    setTimeout(() => {
      if (stopped) return;
      connect().then(
        () => {
          attempt = 0;
          onReset?.();
        },
        () => scheduleReconnect(),
      );
    }, delay).unref();
  };

  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}
