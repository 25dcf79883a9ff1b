import type { Kopecks, Points } from "./money.ts";

/**
 * The one way the shop writes numbers for people (issue 19, point 11; ADR 046): the storefront's pages
 * and the server's messages import these, so a price, a number of points or a rating reads the same
 * wherever it is shown. Russian conventions through `Intl` (ru-RU): thousands grouped with a no-break
 * space (U+00A0), a decimal comma, «₽» after the sum with a no-break space, so «12 990 ₽» never breaks
 * across lines. Formatters are built once: `toLocaleString` with options builds a new one on every call
 * (~40–80 µs each in Node 20, which a page with a dozen reviews paid on every server render).
 */

const wholeRoubles = new Intl.NumberFormat("ru-RU", {
  style: "currency",
  currency: "RUB",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const roublesAndKopecks = new Intl.NumberFormat("ru-RU", {
  style: "currency",
  currency: "RUB",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const number = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 });
const rating = new Intl.NumberFormat("ru-RU", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const pluralRules = new Intl.PluralRules("ru");

/**
 * A sum of money: «12 990 ₽», and with kopecks only when there are any, then always two digits:
 * «12 990,50 ₽», «0,05 ₽» (never «12 990,5 ₽»).
 */
export function formatRub(amount: Kopecks): string {
  return (amount % 100 === 0 ? wholeRoubles : roublesAndKopecks).format(amount / 100);
}

/** A count or a measure: 1234 → «1 234», 4.6 → «4,6», 5000 → «5 000». */
export function formatNumber(value: number): string {
  return number.format(value);
}

/** An average rating with exactly one decimal: 4 → «4,0», 4.6 → «4,6», 4.46 → «4,5». */
export function formatRating(value: number): string {
  return rating.format(value);
}

/**
 * The Russian word form for a number: plural(1, "балл", "балла", "баллов") → «балл», 3 → «балла»,
 * 5, 11, 0 → «баллов», 21 → «балл». A fraction takes the genitive singular, which is the `few` form
 * («1,5 балла», «2,5 минуты»).
 */
export function plural(count: number, one: string, few: string, many: string): string {
  switch (pluralRules.select(count)) {
    case "one":
      return one;
    case "few":
    case "other":
      return few;
    default:
      return many;
  }
}

/** A number and its word: formatCount(1234, "товар", "товара", "товаров") → «1 234 товара». */
export function formatCount(count: number, one: string, few: string, many: string): string {
  return `${formatNumber(count)} ${plural(count, one, few, many)}`;
}

/**
 * Bonus points with their word. Nominative (a balance, what an order earns): «1 балл», «2 балла»,
 * «5 000 баллов». Genitive, after «от», «до», «не больше»: «от 1 балла», «от 100 баллов», «до 21 балла».
 */
export function formatPoints(
  amount: Points,
  grammaticalCase: "nominative" | "genitive" = "nominative",
): string {
  return grammaticalCase === "genitive"
    ? formatCount(amount, "балла", "баллов", "баллов")
    : formatCount(amount, "балл", "балла", "баллов");
}

/** Formats any digits typed into the phone mask: "9123456789" → "+7 (912) 345-67-89". */
export function maskPhone(input: string): string {
  let digits = input.replace(/\D/g, "");
  if (digits.startsWith("7") || digits.startsWith("8")) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 8), digits.slice(8, 10)];
  let out = "+7";
  if (parts[0]) out += ` (${parts[0]}`;
  if (parts[0]!.length === 3) out += ")";
  if (parts[1]) out += ` ${parts[1]}`;
  if (parts[2]) out += `-${parts[2]}`;
  if (parts[3]) out += `-${parts[3]}`;
  return out;
}

/** A person as the back office lists them: a stored phone (`+79161234567`) masked, any other label as it is. */
export function formatPhoneLabel(label: string): string {
  return /^\+7\d{10}$/.test(label) ? maskPhone(label) : label;
}
