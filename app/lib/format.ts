const rub = new Intl.NumberFormat("ru-RU", {
  style: "currency",
  currency: "RUB",
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});

/** Kopecks → "12 990 ₽" (kopecks shown only when there are any). */
export function formatPrice(kopecks: number): string {
  return rub.format(kopecks / 100);
}

const pluralRules = new Intl.PluralRules("ru");

/** plural(5, ["товар", "товара", "товаров"]) → "товаров". */
export function plural(count: number, forms: readonly [one: string, few: string, many: string]): string {
  const rule = pluralRules.select(count);
  return rule === "one" ? forms[0] : rule === "few" ? forms[1] : forms[2];
}

// Formatters are built once: `toLocaleString` with options builds a new one on every call (~40–80 µs
// each in Node 20, which a page with a dozen reviews paid on every server render).
const number = new Intl.NumberFormat("ru-RU");
const rating = new Intl.NumberFormat("ru-RU", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const longDate = new Intl.DateTimeFormat("ru-RU", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Moscow",
});

/** 12345 → "12 345", 4.5 → "4,5". */
export function formatNumber(value: number): string {
  return number.format(value);
}

/** An average rating with one decimal: 4 → "4,0", 4.46 → "4,5". */
export function formatRating(value: number): string {
  return rating.format(value);
}

/**
 * An ISO date as "21 ноября 2026 г.", in Moscow time: the server and the browser render the same text
 * whatever their own time zones, so hydration never disagrees about a date near midnight.
 */
export function formatDate(iso: string | Date): string {
  return longDate.format(typeof iso === "string" ? new Date(iso) : iso);
}
