import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Basket, BasketLine } from "#contract/basket.ts";
import type { PublicConfig } from "#contract/config.ts";
import { addressesQuery, recipientsQuery } from "./features/address-book/api.ts";
import { basketQuery } from "./features/basket/api.ts";
import { BasketContent } from "./features/basket/components/basket-page.tsx";
import { QuantityStepper } from "./features/basket/components/quantity-stepper.tsx";
import { bonusQuery, orderQuery, shopperQuery } from "./features/checkout/api.ts";
import { DeliveryScreen } from "./features/checkout/components/delivery-screen.tsx";
import { PaymentScreen } from "./features/checkout/components/payment-screen.tsx";
import { renderPartHtml, renderPersonalPart } from "./personal-parts.server.tsx";

// A personal part (ADR 074) is rendered alone on the server and hydrated by the browser in its place in
// the page: its HTML must not depend on where in a tree it is rendered.

const config: PublicConfig = {
  theme: "halva",
  features: { alfaId: false, cashbackInCartBtn: true, topProfit: false },
  authUrl: "/auth",
  ymId: null,
  map: { yandexApiKey: null, tilesUrl: null },
};

function line(id: number, quantity: number, maxQuantity: number): BasketLine {
  const price = 129_000;
  return {
    productId: id,
    quantity,
    selected: true,
    product: {
      id,
      name: `Товар ${id}`,
      brand: { code: "brand", name: "Бренд" },
      image: { url: `/media/p${id}.jpg`, width: 800, height: 800 },
      price,
      oldPrice: 150_000,
      cashbackAmount: 1_300,
      installments: true,
    } as BasketLine["product"],
    price,
    priceWhenAdded: price,
    priceChanged: false,
    availability: "in_stock",
    buyable: true,
    maxQuantity,
    capReason: quantity >= maxQuantity ? "stock" : "none",
    capMessage: "Больше нет в наличии",
    availabilityMessage: null,
    total: price * quantity,
    totalBeforeDiscount: 150_000 * quantity,
    addedAt: "2026-12-01T10:00:00Z",
  } as BasketLine;
}

const basket = {
  version: 3,
  count: 3,
  city: { id: 1, name: "Москва" },
  shipments: [
    {
      seller: { id: 1, code: "one", name: "Продавец один" },
      deliveryDate: "2026-12-08",
      deliveryText: "Доставим 8 декабря",
      deliveryPrice: 0,
      lines: [line(7, 2, 2)],
    },
    {
      seller: { id: 2, code: "two", name: "Продавец два" },
      deliveryDate: "2026-12-09",
      deliveryText: "Доставим 9 декабря",
      deliveryPrice: 0,
      lines: [line(9, 1, 10)],
    },
  ],
  totals: { quantity: 3, goods: 387_000, discount: 63_000, delivery: 0, cashbackPoints: 39, toPay: 387_000 },
  freeDeliveryFrom: 300_000,
  maxItems: 100,
} as unknown as Basket;

function clientWithBasket() {
  const client = new QueryClient();
  client.setQueryData(basketQuery().queryKey, basket);
  return client;
}

/** Ids generated before the part, as the page's header and menus make them. */
function Header() {
  const ids = [useId(), useId(), useId()];
  return (
    <header>
      {ids.map((id) => (
        <span key={id} id={id} />
      ))}
      <QuantityStepper quantity={1} max={1} capMessage="—" busy={false} name="—" onChange={() => {}} />
    </header>
  );
}

/** A part's `element` where the page has it, at `path`: deep in a tree, after other components. */
function inPage(client: QueryClient, path: string, element: ReactNode): string {
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        element: (
          <div className="layout">
            <Header />
            <main>
              <Outlet />
            </main>
          </div>
        ),
        children: [{ path: path.slice(1), element }],
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { root: { config } } } },
  );
  const html = renderToString(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return /<main>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "";
}

describe("a personal part's HTML (ADR 074)", () => {
  const part = renderPartHtml(
    clientWithBasket(),
    { url: "http://shop.test/basket", config },
    <BasketContent title="Корзина" empty={null} />,
  );

  it("is the basket's content as the page renders it, wherever the page has it", () => {
    expect(part).toMatch(/^<section class="basket-page">/);
    expect(part).toBe(inPage(clientWithBasket(), "/basket", <BasketContent title="Корзина" empty={null} />));
  });

  it("names the cap's reason by the line, not by its place in the tree", () => {
    expect(part).toContain('id="basket-line-7-cap"');
    expect(part).toContain('aria-describedby="basket-line-7-cap"');
  });

  it("reads the root's config: the theme's words", () => {
    expect(part).toContain("Халва 0\u00a0%");
    expect(part).toContain('href="/product/7"');
  });
});

describe("renderPersonalPart (ADR 074)", () => {
  /** The API as the part reads it: the basket, the config, the page's SEO record (none: 204). */
  const api =
    (answer: (path: string) => Response) =>
    async (path: string): Promise<Response> =>
      answer(new URL(path, "http://in-process.local").pathname);
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  const shop = (basketAnswer: () => Response) =>
    api((path) =>
      path === "/api/v1/basket"
        ? basketAnswer()
        : path === "/api/config"
          ? json(config)
          : new Response(null, { status: 204 }),
    );
  const context = (
    apiFetch: (path: string) => Promise<Response>,
    logError: (error: unknown) => void = () => {},
  ) => ({
    apiFetch,
    requestId: "r1",
    url: "http://shop.test/basket",
    logError,
  });

  it("renders the basket's lines and hands the browser the basket's query alone", async () => {
    const part = await renderPersonalPart("basket", context(shop(() => json(basket))));
    expect(part?.html).toContain("Товар 9");
    expect(part?.html).toMatch(/^<section class="basket-page"><h1 [^>]*>Корзина</);
    const state = part?.state as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    expect(state.queries.map((q) => q.queryKey)).toEqual([basketQuery().queryKey]);
    expect(state.queries[0]?.state.data).toEqual(basket);
    // The title it was rendered with, for the browser's first render (the kept frame may be older).
    expect(part?.values).toEqual({ title: "Корзина" });
  });

  it("leaves an empty basket, a refused read, a broken answer and an unknown part to the whole page", async () => {
    const logged: unknown[] = [];
    const log = (error: unknown) => {
      logged.push(error);
    };
    const empty = { ...basket, count: 0, shipments: [] };
    expect(await renderPersonalPart("basket", context(shop(() => json(empty))))).toBeUndefined();
    const refused = () => json({ message: "Войдите" });
    const unauthorized = () => new Response(refused().body, { status: 401 });
    expect(await renderPersonalPart("basket", context(shop(unauthorized), log))).toBeUndefined();
    expect(logged).toEqual([]);
    // Not the API's refusal but a fault: logged, and the page rendered whole shows what it can.
    const broken = () => new Response("not json", { headers: { "content-type": "application/json" } });
    expect(await renderPersonalPart("basket", context(shop(broken), log))).toBeUndefined();
    expect(logged).toHaveLength(1);
    expect(await renderPersonalPart("orders", context(shop(() => json(basket))))).toBeUndefined();
  });
});

describe("the delivery step as a personal part (ADR 074)", () => {
  const shopper = {
    id: 5,
    phone: "+79990000000",
    surname: "Петров",
    name: "Пётр",
    patronymic: null,
    email: null,
  };
  const address = (id: number, type: "courier" | "pickup", selected: boolean) => ({
    id,
    type,
    selected,
    city: { id: 1, name: "Москва" },
    address: type === "courier" ? "Москва, ул. Тверская, д. 1" : "Москва, ул. Арбат, д. 2",
    entrance: "",
    floor: "",
    flat: "12",
    intercom: "",
    comment: "",
    latitude: 55.75,
    longitude: 37.61,
    pickupPoint:
      type === "pickup"
        ? { id: 3, provider: "Витрина", address: "Москва, ул. Арбат, д. 2", hours: "10:00–21:00" }
        : null,
  });
  const book = { deliveryType: "courier", items: [address(1, "courier", true), address(2, "pickup", false)] };
  const recipients = {
    items: [
      {
        id: 4,
        surname: "Иванова",
        name: "Анна",
        patronymic: null,
        phone: "+79991112233",
        email: null,
        isDefault: false,
        createdAt: "2026-12-01T10:00:00Z",
        updatedAt: "2026-12-01T10:00:00Z",
      },
    ],
  };
  const here = { city: { id: 1, name: "Москва", latitude: 55.75, longitude: 37.61 } };
  const center = { latitude: 55.75, longitude: 37.61 };

  function clientForStep(self: object = shopper, addresses: object = book) {
    const client = clientWithBasket();
    client.setQueryData(shopperQuery().queryKey, self as never);
    client.setQueryData(addressesQuery().queryKey, addresses as never);
    client.setQueryData(recipientsQuery().queryKey, recipients as never);
    return client;
  }

  const stepInPage = (client: QueryClient) =>
    inPage(client, "/checkout/steps/delivery", <DeliveryScreen cityCenter={center} />);

  const alone = (client: QueryClient) =>
    renderPartHtml(
      client,
      { url: "http://shop.test/checkout/steps/delivery", config },
      <DeliveryScreen cityCenter={center} />,
    );

  it("is the step as the page renders it, wherever the page has it", () => {
    const part = alone(clientForStep());
    expect(part).toMatch(/^<div class="co-page">/);
    expect(part).toContain("Москва, ул. Тверская, д. 1");
    expect(part).toBe(stepInPage(clientForStep()));
  });

  it("is the same alone and in the page for a new shopper: no name, no address, no recipient", () => {
    const nameless = { ...shopper, surname: null, name: null };
    const empty = { deliveryType: "courier", items: [] };
    const part = alone(clientForStep(nameless, empty));
    expect(part).toContain("<input");
    expect(part).toBe(stepInPage(clientForStep(nameless, empty)));
    expect(alone(clientForStep(shopper, { ...book, deliveryType: "pickup" }))).toBe(
      stepInPage(clientForStep(shopper, { ...book, deliveryType: "pickup" })),
    );
  });

  it("is rendered from the shopper, the basket, the address book and the recipients, handed to the browser", async () => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    const answers: Record<string, unknown> = {
      "/api/v1/user/me": shopper,
      "/api/v1/basket": basket,
      "/api/v1/user/address": book,
      "/api/v1/user/recipients": recipients,
      "/api/v1/address/current": here,
      "/api/config": config,
    };
    const asked: string[] = [];
    const apiFetch = async (path: string) => {
      const at = new URL(path, "http://in-process.local").pathname;
      asked.push(at);
      return at in answers ? json(answers[at]) : new Response(null, { status: 404 });
    };
    const context = { apiFetch, requestId: "r1", url: "http://shop.test/checkout/steps/delivery" };
    const part = await renderPersonalPart("delivery", context);
    expect(part?.html).toBe(alone(clientForStep()));
    const state = part?.state as { queries: { queryKey: unknown[] }[] };
    const keys = (list: readonly (readonly unknown[])[]) => list.map((key) => JSON.stringify(key)).sort();
    expect(keys(state.queries.map((q) => q.queryKey))).toEqual(
      keys([
        basketQuery().queryKey,
        shopperQuery().queryKey,
        addressesQuery().queryKey,
        recipientsQuery().queryKey,
      ]),
    );
    expect(part?.values).toEqual({ latitude: "55.75", longitude: "37.61" });
    expect(asked).toContain("/api/config");
    // The server's own copy of the config, when the API is in its process: the same part, one call fewer.
    asked.length = 0;
    expect((await renderPersonalPart("delivery", { ...context, config }))?.html).toBe(part?.html);
    expect(asked).not.toContain("/api/config");
    expect(asked).toHaveLength(5);
    // Signed out: nothing else is asked, the page rendered whole sends the shopper to sign in.
    asked.length = 0;
    const signedOut = async (path: string) => {
      asked.push(new URL(path, "http://in-process.local").pathname);
      return new Response(JSON.stringify({ message: "Войдите" }), { status: 401 });
    };
    expect(await renderPersonalPart("delivery", { ...context, apiFetch: signedOut })).toBeUndefined();
    expect(asked).toEqual(["/api/v1/user/me"]);
    // Nothing selected to buy: the page rendered whole sends the shopper back to the basket.
    answers["/api/v1/basket"] = {
      ...basket,
      shipments: basket.shipments.map((s) => ({
        ...s,
        lines: s.lines.map((l) => ({ ...l, selected: false })),
      })),
    };
    expect(await renderPersonalPart("delivery", context)).toBeUndefined();
  });
});

describe("the payment step as a personal part (ADR 074, 076)", () => {
  const order = {
    id: 42,
    number: "4200-0042",
    status: "awaiting_payment",
    statusText: "Ожидает оплаты",
    createdAt: "2026-12-06T10:00:00Z",
    paidAt: null,
    paymentDeadline: "2099-12-06T10:30:00Z",
    goodsTotal: 387_000,
    discountTotal: 63_000,
    deliveryTotal: 0,
    bonusSpent: 0,
    cashbackPoints: 39,
    toPay: 387_000,
    paidByCard: 0,
    paidWith: null,
    installmentMonths: null,
    installmentsEligible: true,
    delivery: {
      type: "courier",
      city: "Москва",
      address: "ул. Тверская, д. 1",
      flat: "12",
      slot: { date: "2026-12-08", startsHour: 10, endsHour: 14 },
    },
    recipient: { surname: "Петров", name: "Пётр", patronymic: null, phone: "+79990000000", email: null },
    shipments: [
      {
        id: 7,
        seller: { id: 1, code: "vitrina", name: "Витрина" },
        status: "awaiting_payment",
        statusText: "Ожидает оплаты",
        deliveryDate: "2026-12-08",
        deliveryTotal: 0,
        storageUntil: null,
        pickupCode: null,
        deliveredAt: null,
        cancellable: false,
        cancelReason: null,
        lines: [
          {
            productId: 1,
            name: "Товар 1",
            quantity: 3,
            price: 129_000,
            oldPrice: 150_000,
            cashbackPoints: 13,
            image: { url: "/media/p1.jpg", width: 800, height: 800, alt: "Товар 1" },
          },
        ],
      },
    ],
    timeline: [],
    cancellable: false,
    refundedTotal: 0,
    refunds: [],
  };
  const bonus = { balance: 5_000, min: 1, max: 3_870, applied: 0 };
  const url = "http://shop.test/checkout/steps/payment/42";

  function clientForStep(own: object = order, points: object = bonus) {
    const client = new QueryClient();
    client.setQueryData(orderQuery(42).queryKey, own as never);
    client.setQueryData(bonusQuery(42).queryKey, points as never);
    return client;
  }

  it("is the step as the page renders it, wherever the page has it: the points' fields included", () => {
    const alone = (client: QueryClient) =>
      renderPartHtml(client, { url, config }, <PaymentScreen orderId={42} />);
    const part = alone(clientForStep());
    expect(part).toMatch(/^<div class="co-page">/);
    expect(part).toContain("4200-0042");
    expect(part).toContain('aria-labelledby="co-bonus-title"');
    expect(part).toBe(inPage(clientForStep(), "/checkout/steps/payment/42", <PaymentScreen orderId={42} />));
    // Points already spent: the slider and its field are open, alone as in the page.
    const spent = { ...order, bonusSpent: 500, toPay: 337_000 };
    const applied = { ...bonus, applied: 500 };
    const withPoints = alone(clientForStep(spent, applied));
    expect(withPoints).toContain('id="co-bonus-number"');
    expect(withPoints).toBe(
      inPage(clientForStep(spent, applied), "/checkout/steps/payment/42", <PaymentScreen orderId={42} />),
    );
  });

  it("is rendered from the order the address names and its points, handed to the browser", async () => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    let own: object | undefined = order;
    const asked: string[] = [];
    const apiFetch = async (path: string) => {
      const at = new URL(path, "http://in-process.local").pathname;
      asked.push(at);
      if (at === "/api/config") return json(config);
      if (!own) return json({ message: "Заказ не найден" }, 404);
      if (at === "/api/v1/orders/42") return json(own);
      if (at === "/api/v1/orders/42/bonus") return json(bonus);
      return new Response(null, { status: 404 });
    };
    const context = { apiFetch, requestId: "r1", url };
    const part = await renderPersonalPart("payment", context);
    expect(part?.html).toBe(renderPartHtml(clientForStep(), { url, config }, <PaymentScreen orderId={42} />));
    const state = part?.state as { queries: { queryKey: unknown[] }[] };
    expect(state.queries.map((q) => JSON.stringify(q.queryKey)).sort()).toEqual(
      [orderQuery(42).queryKey, bonusQuery(42).queryKey].map((key) => JSON.stringify(key)).sort(),
    );
    expect(part?.values).toEqual({ orderId: "42" });
    // A cancelled order says so from the order alone.
    own = { ...order, status: "cancelled" };
    const cancelled = await renderPersonalPart("payment", context);
    expect(cancelled?.html).toContain("отменён");
    expect((cancelled?.state as typeof state | undefined)?.queries.map((q) => q.queryKey)).toEqual([
      orderQuery(42).queryKey,
    ]);
    // Paid: the page rendered whole sends the shopper on to /thank-you.
    own = { ...order, status: "paid" };
    expect(await renderPersonalPart("payment", context)).toBeUndefined();
    // Another shopper's order, or none: the page rendered whole is the 404 screen.
    own = undefined;
    expect(await renderPersonalPart("payment", context)).toBeUndefined();
    // The frame's own address names no order: nothing is asked.
    asked.length = 0;
    const frame = { ...context, url: "http://shop.test/checkout/steps/payment/frame" };
    expect(await renderPersonalPart("payment", frame)).toBeUndefined();
    expect(asked).toEqual([]);
  });
});
