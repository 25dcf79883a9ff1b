import { productUrl } from "#contract/urls.ts";

// What the shop texts about a product (issue 22, point 5; ADR 066): its name, cut to fit, and its page.

const NAME_MAX = 40;

/** The product's name as an SMS quotes it: whole up to 40 characters, else cut at a word with «…». */
export function smsProductName(name: string): string {
  const clean = name.replace(/\s+/g, " ").trim();
  if (clean.length <= NAME_MAX) return clean;
  const cut = clean.slice(0, NAME_MAX);
  const space = cut.lastIndexOf(" ");
  return `${(space > NAME_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

/** The product page's address for a text: the shop's public origin and the page. */
export function productLink(origin: string, productId: number, hash = ""): string {
  return `${origin.replace(/\/$/, "")}${productUrl(productId)}${hash}`;
}

/** «На ваш вопрос о товаре «…» ответили: <link>» */
export function questionAnsweredText(origin: string, productId: number, name: string): string {
  return `На ваш вопрос о товаре «${smsProductName(name)}» ответили: ${productLink(origin, productId, "#questions")}`;
}

/** «Товар «…» снова в продаже: <link>» (issue 22, point 5). */
export function backInStockText(origin: string, productId: number, name: string): string {
  return `Товар «${smsProductName(name)}» снова в продаже: ${productLink(origin, productId)}`;
}
