import { dehydrate, type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { PublicConfig } from "#contract/config.ts";
import type { PersonalPart, PersonalPartRenderer } from "#contract/ssr.ts";
import { addressesQuery, recipientsQuery } from "./features/address-book/api.ts";
import { basketQuery } from "./features/basket/api.ts";
import { BasketContent } from "./features/basket/components/basket-page.tsx";
import { bonusQuery, isBuying, orderQuery, shopperQuery } from "./features/checkout/api.ts";
import { DeliveryScreen } from "./features/checkout/components/delivery-screen.tsx";
import { PaymentScreen } from "./features/checkout/components/payment-screen.tsx";
import { paymentOrderId } from "./features/checkout/payment-address.ts";
import { currentCityQuery } from "./features/city/api.ts";
import { ApiError, createApiClient } from "./lib/api-client.ts";
import { requestQueryClient } from "./lib/query-client.ts";
import { seoQuery } from "./lib/seo/seo-query.ts";
import { shopConfig } from "./lib/shop-config.ts";

/**
 * The personal parts of shell pages (ADR 074), each rendered alone for one request: the server puts the
 * HTML where the kept frame has the part's marker. The part's components run here as they do in the page
 * — the same query cache (handed to the browser with the HTML), the same router hooks, the root's config
 * — so the browser's hydration finds exactly what it renders.
 */
type PartContext = Parameters<PersonalPartRenderer>[1];

const PARTS: Record<string, (context: PartContext) => Promise<PersonalPart | undefined>> = {
  basket: async (context) => {
    const { client, api } = partScope(context);
    const path = new URL(context.url).pathname;
    const [basket, config, seo] = await Promise.all([
      client.fetchQuery(basketQuery(api)),
      shopConfig(context, api),
      client.fetchQuery(seoQuery(path, "Корзина", api)),
    ]);
    // The empty basket shows suggestions, a product grid of its own: that page is rendered whole.
    if (basket.count === 0) return undefined;
    return rendered(
      client,
      { url: context.url, config },
      <BasketContent title={seo.h1} empty={null} />,
      { title: seo.h1 },
      basketQuery().queryKey,
    );
  },
  delivery: async (context) => {
    const { client, api } = partScope(context);
    // The shopper first, as the page's loader: signed out (401), nothing else is asked.
    await client.fetchQuery(shopperQuery(api));
    const [basket, , , here, config] = await Promise.all([
      client.fetchQuery(basketQuery(api)),
      client.fetchQuery(addressesQuery(api)),
      client.fetchQuery(recipientsQuery(api)),
      client.fetchQuery(currentCityQuery(api)),
      shopConfig(context, api),
    ]);
    // Nothing to buy: the page rendered whole sends the shopper back to the basket.
    if (!isBuying(basket)) return undefined;
    const { latitude, longitude } = here.city;
    return rendered(
      client,
      { url: context.url, config },
      <DeliveryScreen cityCenter={{ latitude, longitude }} />,
      { latitude: String(latitude), longitude: String(longitude) },
      basketQuery().queryKey,
      shopperQuery().queryKey,
      addressesQuery().queryKey,
      recipientsQuery().queryKey,
    );
  },
  payment: async (context) => {
    // The order the address names (the frame is kept under an address that names none, ADR 076).
    const id = paymentOrderId(new URL(context.url).pathname);
    if (id === undefined) return undefined;
    const { client, api } = partScope(context);
    // Signed out (401), another shopper's order or none (404): the page rendered whole says so.
    const [order, config] = await Promise.all([
      client.fetchQuery(orderQuery(id, api)),
      shopConfig(context, api),
      client.fetchQuery(bonusQuery(id, api)),
    ]);
    // Paid, or on its way: the page rendered whole sends the shopper on to /thank-you.
    if (order.status !== "awaiting_payment" && order.status !== "cancelled") return undefined;
    const keys = [
      orderQuery(id).queryKey,
      ...(order.status === "awaiting_payment" ? [bonusQuery(id).queryKey] : []),
    ];
    return rendered(
      client,
      { url: context.url, config },
      <PaymentScreen orderId={id} />,
      { orderId: String(id) },
      ...keys,
    );
  },
};

export const renderPersonalPart: PersonalPartRenderer = async (name, context) => {
  const part = PARTS[name];
  if (!part) return undefined;
  try {
    return await part(context);
  } catch (error) {
    // A refused read (a session that no longer signs in, a service away): the page rendered whole says
    // so. Anything else is a fault of the part's, logged; the page rendered whole shows what it can.
    if (!(error instanceof ApiError)) context.logError?.(error);
    return undefined;
  }
};

function partScope(context: PartContext) {
  const client = requestQueryClient();
  const api = createApiClient({ transport: (path, init) => context.apiFetch(path, init) });
  return { client, api };
}

/**
 * A part's HTML alone: `element` in a router at the page's address (its links and location hooks) with
 * the root's config (the theme, the features), over the part's query cache.
 */
export function renderPartHtml(
  client: QueryClient,
  page: { url: string; config: PublicConfig },
  element: ReactNode,
): string {
  const url = new URL(page.url);
  const router = createMemoryRouter([{ id: "root", path: "*", element }], {
    initialEntries: [`${url.pathname}${url.search}`],
    hydrationData: { loaderData: { root: { config: page.config } } },
  });
  return renderToString(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The part's HTML, the queries named in `keys` dehydrated for the browser, and its `values`. */
function rendered(
  client: QueryClient,
  page: { url: string; config: PublicConfig },
  element: ReactNode,
  values: PersonalPart["values"],
  ...keys: (readonly unknown[])[]
): PersonalPart {
  const html = renderPartHtml(client, page, element);
  const wanted = new Set(keys.map((key) => JSON.stringify(key)));
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) =>
      query.state.status === "success" && wanted.has(JSON.stringify(query.queryKey)),
  });
  return { html, state, values };
}
