import { type Backoff, backoffDelay, LISTEN_BACKOFF } from "./backoff.ts";

/** What the listener needs of a database client (node-postgres' Client has it; tests pass a fake). */
export interface ListenClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  on(event: "notification", listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "end", listener: () => void): unknown;
  /** Closes politely (used when stopping). */
  end(): Promise<unknown>;
  /** Drops the socket at once: a connection that stopped answering would not answer a goodbye either. */
  destroy(): void;
}

/** A subscription to a NOTIFY channel. */
export interface ChangeSubscription {
  /** Stops listening and any reconnecting. */
  close(): Promise<void>;
  /**
   * The moment up to which every message sent is known to have arrived: now while the connection is
   * up (its heartbeat on time), the last confirmation once it is known to be down.
   */
  confirmedAt(): number;
}

export interface ListenerOptions {
  channel: string;
  /** A new, unconnected client. */
  createClient: () => ListenClient;
  onMessage: (payload: string) => void;
  /** After a reconnect: messages sent while the connection was down are lost. */
  onReset?: () => void;
  /** The connection is lost (or a reconnect failed): for logs. */
  onLost?: (error: unknown, retryInMs: number) => void;
  /** A connection was made: the database answers (the pool's connection gate opens). */
  onConnected?: () => void;
  backoff?: Backoff;
  /** Pause between heartbeats (`SELECT 1`), so a connection dropped without a FIN is noticed. */
  heartbeatMs?: number;
  /** A heartbeat unanswered this long means the connection is dead. */
  heartbeatTimeoutMs?: number;
  random?: () => number;
  now?: () => number;
}

export interface Listener extends ChangeSubscription {
  /** Tries to reconnect now instead of at the end of the current back-off wait (the database is back). */
  wake(): void;
}

export const HEARTBEAT_MS = 2_000;
export const HEARTBEAT_TIMEOUT_MS = 3_000;
const CLOSE_TIMEOUT_MS = 1_000;

class HeartbeatTimeout extends Error {
  override readonly name = "HeartbeatTimeout";
}

/**
 * LISTEN on one dedicated connection, kept alive by one reconnect loop. Whatever ends the connection (an
 * error, the server closing it, a heartbeat that goes unanswered), it is dropped and a single timer
 * schedules the next attempt with capped exponential back-off and jitter; events of connections that are
 * no longer the current one are ignored, so there is never a second chain of retries, and after
 * recovery exactly one connection listens. Resolves once the first connection listens; rejects if it
 * cannot be made.
 */
export async function startListener(options: ListenerOptions): Promise<Listener> {
  const backoff = options.backoff ?? LISTEN_BACKOFF;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? HEARTBEAT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const listenSql = `LISTEN "${options.channel.replaceAll('"', '""')}"`;

  let stopped = false;
  let current: ListenClient | undefined;
  let confirmed = now();
  /** Failed attempts since the connection was last up: the back-off step. */
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let connecting = false;
  /** wake() came while an attempt was under way: if that attempt fails, the next one goes at once. */
  let woken = false;
  let heartbeatTimer: ReturnType<typeof setTimeout> | undefined;

  const open = async (): Promise<void> => {
    const client = options.createClient();
    client.on("notification", (message) => {
      if (client !== current) return;
      // The connection delivers in order: whatever was sent before this message has arrived.
      confirmed = now();
      if (message.channel === options.channel) options.onMessage(message.payload ?? "");
    });
    client.on("error", (error) => lost(client, error));
    client.on("end", () => lost(client, new Error("the LISTEN connection ended")));
    try {
      await client.connect();
      options.onConnected?.();
      await client.query(listenSql);
    } catch (error) {
      client.destroy();
      throw error;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    confirmed = now();
    beat(client);
  };

  const beat = (client: ListenClient) => {
    heartbeatTimer = setTimeout(async () => {
      heartbeatTimer = undefined;
      if (client !== current) return;
      const sentAt = now();
      let timeout: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([
          client.query("SELECT 1"),
          new Promise((_, reject) => {
            timeout = setTimeout(
              () => reject(new HeartbeatTimeout(`no answer to the heartbeat in ${heartbeatTimeoutMs} ms`)),
              heartbeatTimeoutMs,
            );
          }),
        ]);
      } catch (error) {
        lost(client, error);
        return;
      } finally {
        clearTimeout(timeout);
      }
      if (client !== current) return;
      confirmed = sentAt;
      beat(client);
    }, heartbeatMs);
    heartbeatTimer.unref?.();
  };

  /** The current connection is gone: drop it and start the one reconnect loop. */
  const lost = (client: ListenClient, error: unknown) => {
    if (client !== current) return;
    current = undefined;
    clearTimeout(heartbeatTimer);
    heartbeatTimer = undefined;
    client.destroy();
    scheduleRetry(error);
  };

  const scheduleRetry = (error: unknown) => {
    if (stopped || retryTimer !== undefined || connecting || current) return;
    const delay = backoffDelay(attempt, backoff, random);
    attempt++;
    options.onLost?.(error, delay);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void retry();
    }, delay);
    retryTimer.unref?.();
  };

  const retry = async () => {
    if (stopped || connecting || current) return;
    connecting = true;
    woken = false;
    let failure: unknown;
    try {
      await open();
    } catch (error) {
      failure = error;
    } finally {
      connecting = false;
    }
    if (stopped) return;
    if (current) {
      attempt = 0;
      options.onReset?.();
    } else if (woken) {
      // The database answered elsewhere while this attempt hung (a connect into a dead network waits for
      // its timeout): try again now rather than after a back-off step.
      woken = false;
      void retry();
    } else scheduleRetry(failure);
  };

  await open();

  return {
    confirmedAt: () => (current ? now() : confirmed),
    wake: () => {
      if (stopped || current) return;
      if (connecting) {
        woken = true;
        return;
      }
      if (retryTimer === undefined) return;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      void retry();
    },
    close: async () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(heartbeatTimer);
      const client = current;
      current = undefined;
      if (!client) return;
      // A polite goodbye, but a connection that went silent would never answer it.
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        client.end().catch(() => {}),
        new Promise((resolve) => {
          timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      client.destroy();
    },
  };
}
