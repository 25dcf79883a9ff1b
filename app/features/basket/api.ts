import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { useSignedInHint } from "#app/features/account/index.ts";
import { reportEcommerce } from "#app/lib/analytics/yandex-metrika.ts";
import { type ApiClient, getApi, getBackgroundApi, unwrap } from "#app/lib/api-client.ts";
import { useCachedQueryData } from "#app/lib/cached-query-data.ts";
import { postToNative } from "#app/lib/webview-bridge.ts";
import type { Basket, BasketCount, BasketMutation } from "#contract/basket.ts";
import type { ProductCard } from "#contract/catalog.ts";

// The basket's fetchers, keys and the one mutation (ADR 038). Types only from the contract: no zod here.

export const basketKeys = {
  all: ["basket"] as const,
  /** Keyed by the signed-in hint: a sign-in or sign-out reads the other owner's basket, never a stale copy. */
  count: (hint: string | undefined) => [...basketKeys.all, "count", hint ?? "visitor"] as const,
  /** The /basket page's: a personal page rendered for its owner (the server and the browser agree on it). */
  detail: () => [...basketKeys.all, "detail"] as const,
};

/**
 * The header's count and the cards' quantities, fetched in the browser only after hydration (pages are
 * the same for everyone and come from the page cache); the API answers an anonymous visitor too, never
 * 401, through the background client so a lapsed session never bounces a shopper off a public page.
 */
export function basketCountQuery(hint: string | undefined) {
  return queryOptions({
    queryKey: basketKeys.count(hint),
    queryFn: async ({ signal }) => {
      const answer = await unwrap(getBackgroundApi().v1.basket.count.$get(undefined, { init: { signal } }));
      reportBasketCount(answer.count);
      return answer;
    },
    staleTime: 30_000,
  });
}

/** The whole basket (the /basket page); `api` is the loader's client on the server. */
export function basketQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: basketKeys.detail(),
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.basket.$get(undefined, { init: { signal } })),
  });
}

/** Units in the basket, 0 until known: the header's badge, the tab bar's, the webview app's. */
export function useBasketCount(): number {
  const hint = useSignedInHint();
  const { data } = useQuery({ ...basketCountQuery(hint), select: (d) => d.count });
  return data ?? 0;
}

/**
 * One product's line as the steppers see it, undefined when it is not in the basket (or its quantities
 * are not known yet). `hint` is the caller's useSignedInHint() (a card asks for it once).
 */
export function useBasketLine(productId: number, hint: string | undefined) {
  // Read from the cache: the header's count keeps the query fetched; the server rendered no line.
  return useCachedQueryData<BasketCount, BasketCount["lines"][string] | undefined>(
    basketKeys.count(hint),
    (data) => data?.lines[String(productId)],
    noLine,
  );
}

const noLine = () => undefined;

/** The count answer a full basket implies. */
export function countOf(basket: Basket): BasketCount {
  const lines: BasketCount["lines"] = {};
  for (const shipment of basket.shipments)
    for (const line of shipment.lines)
      lines[String(line.productId)] = {
        quantity: line.quantity,
        max: line.maxQuantity,
        capMessage: line.capMessage,
      };
  return { count: basket.count, lines, version: basket.version };
}

/** A fresh idempotency key per change the shopper makes (a retry of that change reuses it). */
export function newChangeKey(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** Metrika's product: id, name, price in roubles, brand, quantity (spec: ecommerce on, RUB). */
export function metrikaProduct(
  product: Pick<ProductCard, "sku" | "name" | "price" | "brand">,
  quantity: number,
) {
  return {
    id: product.sku,
    name: product.name,
    price: product.price / 100,
    brand: product.brand.name,
    quantity,
  };
}

/** Tells the app's webview (ADR 007) how many units the basket holds; a browser has no one to tell. */
export function reportBasketCount(count: number): void {
  postToNative({ type: "basket-count", count });
}

/**
 * One basket change (the one mutation endpoint, with a fresh idempotency key unless a retry passes its
 * own). The answer is the basket after it: the full basket's and the count's caches take it at once, and
 * the app's webview hears the new count. Errors are the caller's to show (a toast).
 */
export async function changeBasket(
  queryClient: QueryClient,
  hint: string | undefined,
  change: BasketMutation,
  key: string = newChangeKey(),
): Promise<Basket> {
  const basket = await unwrap(
    getApi().v1.basket.lines.$post({ json: change, header: { "idempotency-key": key } }),
  );
  // A read still in flight (the count fetched at hydration) would land after this answer and put the
  // basket from before the change back: it is cancelled, the answer is newer.
  await Promise.all([
    queryClient.cancelQueries({ queryKey: basketKeys.count(hint) }),
    queryClient.cancelQueries({ queryKey: basketKeys.detail() }),
  ]);
  queryClient.setQueryData(basketKeys.detail(), basket);
  queryClient.setQueryData(basketKeys.count(hint), countOf(basket));
  reportBasketCount(basket.count);
  return basket;
}

/** Adds from a card or the product page, and tells Metrika (`add`, RUB). */
export async function addToBasket(
  queryClient: QueryClient,
  hint: string | undefined,
  product: Pick<ProductCard, "id" | "sku" | "name" | "price" | "brand">,
  quantity = 1,
): Promise<Basket> {
  const basket = await changeBasket(queryClient, hint, { intent: "add", productId: product.id, quantity });
  reportEcommerce("add", { products: [metrikaProduct(product, quantity)] });
  return basket;
}

/** Sets a line's quantity; Metrika hears the difference as `add` or `remove`. */
export async function setBasketQuantity(
  queryClient: QueryClient,
  hint: string | undefined,
  product: Pick<ProductCard, "id" | "sku" | "name" | "price" | "brand">,
  from: number,
  to: number,
): Promise<Basket> {
  const basket = await changeBasket(queryClient, hint, {
    intent: "set_quantity",
    productId: product.id,
    quantity: to,
  });
  const now =
    basket.shipments.flatMap((s) => s.lines).find((l) => l.productId === product.id)?.quantity ?? to;
  if (now !== from)
    reportEcommerce(now > from ? "add" : "remove", {
      products: [metrikaProduct(product, Math.abs(now - from))],
    });
  return basket;
}

/** Takes a line out (or moves it to the wishlist); Metrika hears `remove`. */
export async function removeFromBasket(
  queryClient: QueryClient,
  hint: string | undefined,
  product: Pick<ProductCard, "id" | "sku" | "name" | "price" | "brand">,
  quantity: number,
  toWishlist = false,
): Promise<Basket> {
  const basket = await changeBasket(queryClient, hint, {
    intent: toWishlist ? "move_to_wishlist" : "remove",
    productId: product.id,
  });
  reportEcommerce("remove", { products: [metrikaProduct(product, quantity)] });
  if (toWishlist) void queryClient.invalidateQueries({ queryKey: ["wishlist"] });
  return basket;
}

/**
 * After an order took the basket's bought lines (the lead's placement or payment), the basket and the
 * count are read again.
 */
export function invalidateBasket(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: basketKeys.all });
}
