import { createHash, timingSafeEqual } from "node:crypto";

/**
 * The T-Bank request signature (ADR 037): the values of the request's ROOT scalar fields plus `Password`,
 * sorted by key name and concatenated, SHA-256 in lowercase hex. Nested objects and arrays (`DATA`,
 * `Receipt`, `Shops`), `Token` itself and absent values take no part; booleans are `true`/`false`, numbers
 * as JSON writes them. Notifications are signed the same way.
 */
export function tbankToken(fields: Record<string, unknown>, password: string): string {
  const pairs: [string, string][] = [["Password", password]];
  for (const [key, value] of Object.entries(fields)) {
    if (key === "Token" || key === "Password" || value === undefined || value === null) continue;
    if (typeof value === "string") pairs.push([key, value]);
    else if (typeof value === "number" || typeof value === "bigint") pairs.push([key, String(value)]);
    else if (typeof value === "boolean") pairs.push([key, value ? "true" : "false"]);
  }
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256")
    .update(pairs.map(([, value]) => value).join(""), "utf8")
    .digest("hex");
}

/** Whether `fields.Token` is the signature of the rest under `password` (constant-time comparison). */
export function tbankTokenValid(fields: Record<string, unknown>, password: string): boolean {
  const given = fields.Token;
  if (typeof given !== "string" || !/^[0-9a-fA-F]{64}$/.test(given)) return false;
  const expected = Buffer.from(tbankToken(fields, password), "hex");
  return timingSafeEqual(expected, Buffer.from(given.toLowerCase(), "hex"));
}

/** The request with its `Token` added. */
export function signed<T extends Record<string, unknown>>(
  fields: T,
  password: string,
): T & { Token: string } {
  return { ...fields, Token: tbankToken(fields, password) };
}
