// Numbers, money and plurals are written by `contract/format.ts` (ADR 046), shared with the server's
// messages; only the storefront's dates are here.

// Built once: `toLocaleString` with options builds a new formatter on every call (~40–80 µs each in
// Node 20, which a page with a dozen reviews paid on every server render).
const longDate = new Intl.DateTimeFormat("ru-RU", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Moscow",
});

/**
 * An ISO date as "21 ноября 2026 г.", in Moscow time: the server and the browser render the same text
 * whatever their own time zones, so hydration never disagrees about a date near midnight.
 */
export function formatDate(iso: string | Date): string {
  return longDate.format(typeof iso === "string" ? new Date(iso) : iso);
}
