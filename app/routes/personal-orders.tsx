import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, redirect } from "react-router";
import { ordersQuery } from "#app/features/orders/api.ts";
import { OrderList } from "#app/features/orders/components/order-list.tsx";
import { OrdersStyles } from "#app/features/orders/orders-styles.tsx";
import { BuyAgainButton } from "#app/features/purchases/components/buy-again-button.tsx";
import { getOrderType, setOrderType } from "#app/lib/order-type.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage, personalPageMeta } from "#app/lib/personal-page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/personal-orders";

/**
 * A shell (ADR 072): the page's frame is kept for every shopper of a city, and the orders are fetched by
 * the browser; only a request without a session cookie is rendered for itself (to the sign-in).
 */
export const handle: RouteHandle = { cache: "shell", query: ["type"] };

type Tab = "active" | "completed";

/** `?type=completed` is the «Завершённые» tab; anything else (or nothing) is «Активные». */
function tabOf(url: URL): Tab {
  return url.searchParams.get("type") === "completed" ? "completed" : "active";
}

export const loader = (args: Route.LoaderArgs) => {
  const tab = tabOf(new URL(args.request.url));
  return loadPersonalPage(
    args,
    "Мои заказы",
    async (queries, api) => {
      await queries.ensureQueryData(ordersQuery(tab, api));
      return { tab };
    },
    { shell: { tab } },
  );
};

/**
 * The spec's order-type preference: a shopper who chose «Завершённые» and moved about the account comes
 * back to it from a plain link (the menu's); it resets to current outside the account (the shell).
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  if (!url.searchParams.has("type") && getOrderType() === "completed") {
    throw redirect("/personal/orders?type=completed");
  }
  return serverLoader();
}

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

const EMPTY: Record<Tab, { title: string; text: string }> = {
  active: {
    title: "Активных заказов нет",
    text: "Оформленные заказы появятся здесь, пока их везут к вам.",
  },
  completed: {
    title: "Завершённых заказов нет",
    text: "Здесь будут полученные и отменённые заказы — к ним можно вернуться, чтобы купить снова.",
  },
};

function OrderTabs({ tab }: { tab: Tab }) {
  const tabs: { id: Tab; label: string; to: string }[] = [
    { id: "active", label: "Активные", to: "/personal/orders" },
    { id: "completed", label: "Завершённые", to: "/personal/orders?type=completed" },
  ];
  return (
    <nav className="order-tabs" aria-label="Заказы">
      <ul>
        {tabs.map((t) => (
          <li key={t.id}>
            <Link
              to={t.to}
              className={t.id === tab ? "order-tabs__tab order-tabs__tab--current" : "order-tabs__tab"}
              aria-current={t.id === tab ? "page" : undefined}
              onClick={() => setOrderType(t.id === "completed" ? "completed" : "current")}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** While the orders are on their way (the kept frame, ADR 072): cards' room kept, so nothing jumps. */
function OrdersPending() {
  return (
    <ul className="order-list" aria-busy="true" aria-label="Загружаем заказы">
      {[0, 1, 2].map((n) => (
        <li key={n} className="order-card order-card--pending" />
      ))}
    </ul>
  );
}

function OrdersFailed({ retry }: { retry: () => void }) {
  return (
    <div className="empty-state" role="alert">
      <p className="empty-state__title">Не удалось загрузить заказы</p>
      <p className="empty-state__text">Проверьте соединение и попробуйте ещё раз.</p>
      <button type="button" className="button button--primary" onClick={retry}>
        Повторить
      </button>
    </div>
  );
}

function Orders({ title, tab }: { title: string; tab: Tab }) {
  const { data, isError, refetch } = useQuery(ordersQuery(tab));
  const items = data?.items ?? [];
  // The tab on screen is the preference (a link or a reload with `?type=` counts as a choice).
  useEffect(() => setOrderType(tab === "completed" ? "completed" : "current"), [tab]);
  return (
    <>
      <h1 className="page-title">{title}</h1>
      <OrderTabs tab={tab} />
      {data === undefined ? (
        isError ? (
          <OrdersFailed retry={() => void refetch()} />
        ) : (
          <OrdersPending />
        )
      ) : items.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{EMPTY[tab].title}</p>
          <p className="empty-state__text">{EMPTY[tab].text}</p>
          <Link className="button button--primary" to="/catalog">
            Перейти в каталог
          </Link>
        </div>
      ) : (
        <OrderList items={items} endedActions={(order) => <BuyAgainButton what={{ orderId: order.id }} />} />
      )}
    </>
  );
}

export default function PersonalOrders({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OrdersStyles />
      <Orders title={loaderData.seo.h1} tab={loaderData.tab} />
    </PageDataBoundary>
  );
}
