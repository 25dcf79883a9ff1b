import type { Context } from "hono";
import type { AppConfig } from "#server/config.ts";
import { forwardedClient, peerAddress, trustsForwarded } from "./proxy-trust.ts";

/**
 * The address of the client a request came from (ADR 024): the socket's remote address or, from a
 * trusted proxy (TRUST_PROXY, proxy-trust.ts), the first address of X-Forwarded-For that is not a trusted
 * proxy, walking from the right: the addresses a proxy appended, which the client cannot choose. From any
 * other peer the header is ignored: anyone could send it to a port no proxy stands in front of.
 *
 * Undefined for a request that did not come over a socket (`app.request` in tests, an in-process call)
 * unless every peer is trusted and the header names one. An IPv4 address mapped into IPv6
 * (`::ffff:192.0.2.1`) is given as IPv4.
 */
export function clientAddress(c: Context): string | undefined {
  const config = c.get("config") as Pick<AppConfig, "trustProxy"> | undefined;
  if (config && trustsForwarded(c, config.trustProxy)) {
    const forwarded = forwardedClient(c.req.header("x-forwarded-for"), config.trustProxy);
    if (forwarded) return forwarded;
  }
  return peerAddress(c);
}
