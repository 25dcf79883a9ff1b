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
