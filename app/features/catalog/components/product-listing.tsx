import { useQuery } from "@tanstack/react-query";
import { plural } from "#app/lib/format.ts";
import { type ProductListParams, productListQuery } from "../api.ts";
import { ProductGrid } from "./product-grid.tsx";

/** A counted product grid for listing screens (category, brand, seller); filters and paging come later. */
export function ProductListing({ params, label }: { params: ProductListParams; label: string }) {
  const { data } = useQuery(productListQuery(params));
  if (!data) return null;
  if (data.total === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">Здесь пока нет товаров</p>
        <p className="empty-state__text">Загляните в другие разделы каталога.</p>
      </div>
    );
  }
  return (
    <>
      {/* Cards are h3: the listing is the h2 between them and the page's h1. */}
      <h2 className="visually-hidden">{label}</h2>
      <p className="listing-count">
        {data.total} {plural(data.total, ["товар", "товара", "товаров"])}
      </p>
      <ProductGrid products={data.items} label={label} />
    </>
  );
}
