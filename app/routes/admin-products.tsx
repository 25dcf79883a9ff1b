import { useQuery } from "@tanstack/react-query";
import { Form, Link } from "react-router";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { adminProductsQuery } from "#app/features/admin/merchandising-api.ts";
import { MerchandisingStyles } from "#app/features/admin/merchandising-styles.tsx";
import { OperationsStyles } from "#app/features/admin/operations-styles.tsx";
import { refusalText } from "#app/features/admin/refusal.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { Button } from "#app/ui/button.tsx";
import { TextField } from "#app/ui/field.tsx";
import { imageSrc } from "#app/ui/picture.tsx";
import type { Route } from "./+types/admin-products";

export const handle: RouteHandle = { cache: "personal" };

/** Products for their photos (issue 22, point 1; ADR 067): the search in the address, its results awaited. */
export function loader(args: Route.LoaderArgs) {
  const q = new URL(args.request.url).searchParams.get("q")?.trim() ?? "";
  return loadAdminPage(args, async (queries, api) => {
    if (!q) return { q, refused: null };
    try {
      await queries.ensureQueryData(adminProductsQuery(q, api));
      return { q, refused: null };
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return { q, refused: refusalText(error) };
      throw error;
    }
  });
}

export const meta: Route.MetaFunction = () => adminMeta("Товары и фото");

function Found({ q }: { q: string }) {
  const { data } = useQuery(adminProductsQuery(q));
  const items = data?.items ?? [];
  if (items.length === 0)
    return <p className="admin-card admin-muted">Товаров по запросу «{q}» не нашлось.</p>;
  return (
    <ul className="ops-list" aria-label="Найденные товары">
      {items.map((p) => (
        <li key={p.id} className="ops-card product-finder__item">
          {p.heroUrl ? <img src={imageSrc(p.heroUrl, 160)} alt="" width={48} height={64} /> : null}
          <div>
            <Link to={`/admin/products/${p.id}/photos`}>{p.name}</Link>
            <p className="ops-card__sub admin-muted">
              № {p.id} · артикул {p.sku} · фото: {p.photoCount}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { q, refused } = loaderData;
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OperationsStyles />
      <MerchandisingStyles />
      <h1 className="admin-title">Товары и фото</h1>
      <Form
        method="get"
        action="/admin/products"
        className="ops-search"
        role="search"
        aria-label="Поиск товара"
      >
        <TextField
          key={q}
          label="Номер, артикул или название товара"
          name="q"
          defaultValue={q}
          placeholder="Например, 1024 или «чайник»"
          autoComplete="off"
          enterKeyHint="search"
        />
        <Button type="submit">Найти</Button>
      </Form>
      {refused ? (
        <p className="ops-notice" role="alert">
          {refused}
        </p>
      ) : q ? (
        <Found q={q} />
      ) : null}
    </PageDataBoundary>
  );
}

export { AdminError as ErrorBoundary } from "#app/features/admin/components/admin-error.tsx";
