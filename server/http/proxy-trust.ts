import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { Logger } from "#server/logger.ts";

/**
 * Which peers are trusted proxies (`TRUST_PROXY`, ADR 026): their forwarded headers (X-Forwarded-For,
 * -Host, -Proto, X-Request-Id) are believed only on a request whose socket peer is one of them.
 *
 * - `false`: none; the headers are ignored.
 * - `true` (`1`, `true`): any peer, for an app port no one but the proxy can reach; X-Forwarded-For's
 *   addresses are not trusted, so the client is its last one (one proxy in front).
 * - a list of addresses and CIDR ranges, IPv4 or IPv6, and the words `loopback` (127.0.0.0/8, ::1) and
 *   `private` (10/8, 172.16/12, 192.168/16, fc00::/7).
 */
export type ProxyTrust = boolean | TrustedProxies;

export interface TrustedProxies {
  /** The entries as configured, for messages. */
  readonly entries: readonly string[];
  includes(address: string): boolean;
}

const LOOPBACK: readonly [string, number][] = [
  ["127.0.0.0", 8],
  ["::1", 128],
];
const PRIVATE: readonly [string, number][] = [
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["fc00::", 7],
];

function addRange(list: BlockList, address: string, prefix: number) {
  list.addSubnet(address, prefix, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/** TRUST_PROXY's value; throws an Error naming the entry that is neither an address, a range nor a word. */
export function parseProxyTrust(value: string): ProxyTrust {
  const text = value.trim().toLowerCase();
  if (["", "0", "false", "no", "off"].includes(text)) return false;
  if (["1", "true", "yes", "on"].includes(text)) return true;
  const entries = text.split(/[\s,]+/).filter(Boolean);
  const list = new BlockList();
  for (const entry of entries) {
    if (entry === "loopback" || entry === "private") {
      for (const [address, prefix] of entry === "loopback" ? LOOPBACK : PRIVATE)
        addRange(list, address, prefix);
      continue;
    }
    const [address = "", prefixText, extra] = entry.split("/");
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    const prefix = prefixText === undefined ? max : Number(prefixText);
    if (
      !family ||
      extra !== undefined ||
      !/^\d{0,3}$/.test(prefixText ?? "") ||
      !(prefix >= 0 && prefix <= max)
    ) {
      throw new Error(`«${entry}» — не адрес, не диапазон CIDR и не loopback/private`);
    }
    addRange(list, address, prefix);
  }
  return { entries, includes: (address) => isIP(address) !== 0 && list.check(address, familyOf(address)) };
}

function familyOf(address: string): "ipv4" | "ipv6" {
  return isIP(address) === 6 ? "ipv6" : "ipv4";
}

/** Whether a request from `peer` (undefined: it came over no socket) is from a trusted proxy. */
export function trustsPeer(trust: ProxyTrust, peer: string | undefined): boolean {
  if (typeof trust === "boolean") return trust;
  return peer !== undefined && trust.includes(peer);
}

/**
 * The client behind trusted proxies: X-Forwarded-For walked from the right (each proxy appends the
 * address it got the request from), skipping trusted proxies, to the first address that is not one —
 * the addresses left of it are whatever that client sent. With `true` no address in the header is
 * trusted: the client is the last one. Undefined when the header has no well-formed last address; a
 * malformed one further left ends the walk at the proxy that passed it on.
 */
export function forwardedClient(header: string | undefined, trust: ProxyTrust): string | undefined {
  const hops = (header ?? "").split(",").map((hop) => hop.trim());
  let client: string | undefined;
  for (let i = hops.length - 1; i >= 0; i--) {
    const address = addressOf(hops[i] ?? "");
    if (!address) return client;
    client = address;
    if (typeof trust === "boolean" || !trust.includes(address)) return client;
  }
  return client;
}

/** An X-Forwarded-For entry's address, without a port (`1.2.3.4:80`, `[v6]:80`); undefined if malformed. */
function addressOf(hop: string): string | undefined {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(hop)?.[1];
  const withoutPort = bracketed ?? (/^[\d.]+:\d+$/.test(hop) ? hop.slice(0, hop.lastIndexOf(":")) : hop);
  return isIP(withoutPort) ? unmapped(withoutPort.toLowerCase()) : undefined;
}

/** An IPv4 address mapped into IPv6 (`::ffff:192.0.2.1`) as IPv4. */
export function unmapped(address: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
}

/** The socket peer's address; undefined for a request that came over no socket (tests, in-process). */
export function peerAddress(c: Context): string | undefined {
  const bindings = c.env as
    | { incoming?: IncomingMessage; server?: { incoming?: IncomingMessage } }
    | undefined;
  if (!(bindings?.server ?? bindings)?.incoming?.socket) return undefined;
  const address = getConnInfo(c).remote.address;
  return address ? unmapped(address) : undefined;
}

const LOCAL = parseProxyTrust("loopback private") as TrustedProxies;
let warned = false;

/**
 * Whether this request's forwarded headers are believed. Once per process, with TRUST_PROXY off, a
 * request from a loopback or private peer that carries X-Forwarded-For is logged: most likely a proxy
 * stands in front and TRUST_PROXY was forgotten, so every shopper shares the proxy's rate limits.
 */
export function trustsForwarded(c: Context, trust: ProxyTrust): boolean {
  const peer = peerAddress(c);
  if (trustsPeer(trust, peer)) return true;
  if (!warned && trust === false && peer && LOCAL.includes(peer) && c.req.header("x-forwarded-for")) {
    warned = true;
    (c.get("logger") as Logger | undefined)?.warn(
      { peer },
      "X-Forwarded-For from a local peer while TRUST_PROXY is off: behind a proxy, set TRUST_PROXY to its address",
    );
  }
  return false;
}
