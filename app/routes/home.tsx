import { dehydrate, HydrationBoundary, QueryClient, useQuery } from "@tanstack/react-query";
import { productListQuery } from "#app/features/catalog/api.ts";
import { ProductCard } from "#app/features/catalog/components/product-card.tsx";
import { serverApi } from "#app/lib/api-context.ts";
import type { Route } from "./+types/home";

const POPULAR = { sort: "popular", limit: 24, page: 1 } as const;

export const meta: Route.MetaFunction = () => [
  { title: "Витрина — маркетплейс партнёров банка: электроника, одежда, товары для дома с кешбэком" },
  {
    name: "description",
    content:
      "Покупайте у проверенных продавцов с кешбэком и оплатой баллами: смартфоны, бытовая техника, одежда, товары для дома и детей.",
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  // Critical data: the first screen of products is awaited so the page paints complete, without a spinner.
  const queryClient = new QueryClient();
  await queryClient.ensureQueryData(productListQuery(POPULAR, serverApi(context)));
  return { dehydratedState: dehydrate(queryClient) };
}

function PopularProducts() {
  const { data } = useQuery(productListQuery(POPULAR));
  if (!data) return null;
  return (
    <ul className="product-grid" aria-label="Популярные товары">
      {data.items.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={index < 4} />
        </li>
      ))}
    </ul>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <main className="container home">
        <h1 className="page-title">Популярные товары</h1>
        <PopularProducts />
      </main>
    </HydrationBoundary>
  );
}
