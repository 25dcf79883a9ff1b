const STORAGE_KEY = "vitrina.checkoutKey";
/** The keys this makes: 32 hex digits, within the contract's CHECKOUT_KEY_PATTERN (its zod module stays out of the page). */
const OWN_KEY = /^[0-9a-f]{32}$/;

/**
 * The placement's idempotency key: made once for what the delivery step is about to place — the basket
 * version it shows and the shopper's choices (delivery type, address, window, recipient) — as a UUID
 * without dashes, kept in sessionStorage, so a retried «Перейти к оплате» (a double click, a lost answer,
 * a reload) returns the same order instead of making another. A changed basket, or a shopper who came
 * back and chose another address or window, gets a new key and so a new order; the server would
 * otherwise answer the old one (ADR 040).
 */
export function checkoutKey(
  placement: unknown,
  storage: Pick<Storage, "getItem" | "setItem"> = sessionStorage,
): string {
  const of = JSON.stringify(placement);
  try {
    const kept = JSON.parse(storage.getItem(STORAGE_KEY) ?? "null") as { of?: string; key?: string } | null;
    if (kept?.of === of && typeof kept.key === "string" && OWN_KEY.test(kept.key)) return kept.key;
  } catch {
    // A damaged entry is replaced below.
  }
  const key = crypto.randomUUID().replaceAll("-", "");
  storage.setItem(STORAGE_KEY, JSON.stringify({ of, key }));
  return key;
}

/** Where the basket page finds the lines a placement refused (409 `order_lines_changed`), to show them. */
export { LINE_PROBLEMS_STORAGE_KEY } from "#contract/checkout-problems.ts";
