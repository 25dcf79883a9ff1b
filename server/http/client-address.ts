import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppConfig } from "#server/config.ts";

/**
 * The address of the client a request came from (ADR 024): the socket's remote address or, behind a
 * trusted proxy (TRUST_PROXY), the last address of X-Forwarded-For — the one that proxy appended, which
 * the client cannot choose; the addresses before it are whatever the client sent. Without TRUST_PROXY the
 * header is ignored: anyone could send it to a server that no proxy stands in front of.
 *
 * Undefined for a request that did not come over a socket (`app.request` in tests, an in-process call).
 * An IPv4 address mapped into IPv6 (`::ffff:192.0.2.1`) is given as IPv4.
 */
export function clientAddress(c: Context): string | undefined {
  const config = c.get("config") as Pick<AppConfig, "trustProxy"> | undefined;
  if (config?.trustProxy) {
    const forwarded = lastForwarded(c.req.header("x-forwarded-for"));
    if (forwarded) return forwarded;
  }
  const bindings = c.env as
    | { incoming?: IncomingMessage; server?: { incoming?: IncomingMessage } }
    | undefined;
  if (!(bindings?.server ?? bindings)?.incoming?.socket) return undefined;
  const address = getConnInfo(c).remote.address;
  return address ? unmapped(address) : undefined;
}

/** The last well-formed address of an X-Forwarded-For header (a port, `[v6]:port` too, is dropped). */
function lastForwarded(header: string | undefined): string | undefined {
  const last = header?.split(",").at(-1)?.trim();
  if (!last) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(last)?.[1];
  const withoutPort = bracketed ?? (/^[\d.]+:\d+$/.test(last) ? last.slice(0, last.lastIndexOf(":")) : last);
  return isIP(withoutPort) ? unmapped(withoutPort.toLowerCase()) : undefined;
}

function unmapped(address: string): string {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return v4 ?? address;
}
