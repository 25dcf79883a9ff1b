import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema/index.ts";

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
  close(): Promise<void>;
}

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
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      listen: (channel, onMessage, onReset) =>
        listenPostgres(options.url as string, channel, onMessage, onReset),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir && options.dataDir !== "memory://" ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onMessage) => client.listen(channel, onMessage).then((stop) => () => stop()),
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
