import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { PhotoEditor } from "#app/features/admin/components/photo-editor.tsx";
import { productPhotosQuery } from "#app/features/admin/merchandising-api.ts";
import { MerchandisingStyles } from "#app/features/admin/merchandising-styles.tsx";
import { OperationsStyles } from "#app/features/admin/operations-styles.tsx";
import { pageNotFound } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { idParam } from "#contract/id-param.ts";
import { productUrl } from "#contract/urls.ts";
import type { Route } from "./+types/admin-product-photos";

export const handle: RouteHandle = { cache: "personal" };

const productIdParam = idParam("Page Not Found");

/** A product's photos, to add, order and remove (issue 22, point 1; ADR 067). */
export function loader(args: Route.LoaderArgs) {
  const parsed = productIdParam.safeParse(args.params.productId);
  if (!parsed.success) pageNotFound();
  const productId = parsed.data;
  return loadAdminPage(args, async (queries, api) => {
    await queries.ensureQueryData(productPhotosQuery(productId, api));
    return { productId };
  });
}

export const meta: Route.MetaFunction = () => adminMeta("Фото товара");

function Photos({ productId }: { productId: number }) {
  const { data } = useQuery(productPhotosQuery(productId));
  if (!data) return null;
  return (
    <>
      <h1 className="admin-title">{data.name}</h1>
      <p className="admin-muted">
        № {data.productId} · артикул {data.sku} · <Link to={productUrl(data.productId)}>страница товара</Link>
      </p>
      {/* Keyed by the saved set: a save (or another operator's, on reload) starts the draft anew. */}
      <PhotoEditor key={data.photos.map((p) => p.imageId ?? p.url).join()} product={data} />
    </>
  );
}

export default function AdminProductPhotos({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OperationsStyles />
      <MerchandisingStyles />
      <Link className="admin-back" to="/admin/products">
        ← Товары
      </Link>
      <Photos productId={loaderData.productId} />
    </PageDataBoundary>
  );
}

export { AdminError as ErrorBoundary } from "#app/features/admin/components/admin-error.tsx";
