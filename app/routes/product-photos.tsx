import { useNavigate, useSearchParams } from "react-router";
import { loadProduct } from "#app/features/catalog/product-page.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { FULL_SCREEN, type RouteHandle } from "#app/lib/route-meta.ts";
import { PhotoViewer } from "#app/ui/photo-viewer.tsx";
import { productUrl } from "#contract/urls.ts";
import type { Route } from "./+types/product-photos";

export const handle: RouteHandle = { cache: "city", query: ["photo"], ...FULL_SCREEN };

export async function loader(args: Route.LoaderArgs) {
  const { product, queryClient } = await loadProduct(args);
  const page = await loadPageSeo(args, `Фото: ${product.name}`, queryClient);
  return { ...page, product: { id: product.id, name: product.name, images: product.images } };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data),
  { name: "robots", content: "noindex, follow" },
];

/** Full-screen viewer: arrows and Esc on a keyboard, swipes on a phone. */
export default function ProductPhotos({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const productHref = productUrl(product.id);
  return (
    <PhotoViewer
      photos={product.images}
      initialIndex={Number(params.get("photo"))}
      label={product.name}
      closeHref={productHref}
      onClose={() => navigate(productHref)}
      emptyText="У этого товара пока нет фотографий."
    >
      <h1 className="visually-hidden">{loaderData.seo.h1}</h1>
    </PhotoViewer>
  );
}
