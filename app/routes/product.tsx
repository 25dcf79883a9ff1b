import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { metrikaProduct } from "#app/features/basket/api.ts";
import {
  type ProductListParams,
  productListQuery,
  productQuery,
  recordView,
  reviewsQuery,
} from "#app/features/catalog/api.ts";
import { categoryHref } from "#app/features/catalog/components/category-tree.tsx";
import { ProductDelivery } from "#app/features/catalog/components/product-delivery.tsx";
import { ProductGallery } from "#app/features/catalog/components/product-gallery.tsx";
import { ProductGrid } from "#app/features/catalog/components/product-grid.tsx";
import { ProductPrice } from "#app/features/catalog/components/product-price.tsx";
import { ProductReviews } from "#app/features/catalog/components/product-reviews.tsx";
import { SellerCard } from "#app/features/catalog/components/seller-card.tsx";
import { StickyBuyBar } from "#app/features/catalog/components/sticky-buy-bar.tsx";
import { VariantPicker } from "#app/features/catalog/components/variant-picker.tsx";
import { loadProduct, productDescription } from "#app/features/catalog/product-page.ts";
import { PurchasedNote } from "#app/features/purchases/index.ts";
import { QuestionsSlot } from "#app/features/questions/index.ts";
import { WishlistHeart } from "#app/features/wishlist/components/wishlist-heart.tsx";
import { reportEcommerce } from "#app/lib/analytics/yandex-metrika.ts";
import { serverApi } from "#app/lib/api-context.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { productJsonLd } from "#app/lib/seo/structured-data.ts";
import { useNearViewport } from "#app/ui/use-near-viewport.ts";
import { formatCount, formatRating } from "#contract/format.ts";
import { brandUrl, productUrl } from "#contract/urls.ts";
import type { Route } from "./+types/product";

export const handle: RouteHandle = { cache: "city", query: [] };

export async function loader(args: Route.LoaderArgs) {
  const { product, queryClient } = await loadProduct(args);
  // The first page of reviews is part of what search engines and shoppers read; related products load later.
  const [page] = await Promise.all([
    loadPageSeo(args, product.name, queryClient),
    queryClient.prefetchQuery(reviewsQuery(product.id, { sort: "new", page: 1 }, serverApi(args.context))),
  ]);
  return {
    ...page,
    productId: product.id,
    jsonLd: productJsonLd(product, page.origin),
    image: product.images[0]?.url,
    description: productDescription(product),
    // The trail the page shows (catalogue, category) and the product itself, for search engines.
    breadcrumbs: [
      { name: "Главная", url: "/" },
      { name: "Каталог", url: "/catalog" },
      { name: product.category.name, url: categoryHref(product.category) },
      { name: product.name, url: productUrl(product.id) },
    ],
    dehydratedState: queryClient.dehydrate(),
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        ...pageMeta(data, {
          image: data.image,
          type: "product",
          description: data.description,
          breadcrumbs: data.breadcrumbs,
        }),
        data.jsonLd,
      ]
    : [];

function ProductDetails({ productId }: { productId: number }) {
  const { data: product } = useQuery(productQuery(productId));
  // "Recently viewed" is recorded from the browser, which holds the visitor cookie.
  useEffect(() => recordView(productId), [productId]);
  // Metrika's e-commerce `detail`: the product was seen (once per product the page shows, not per refetch).
  const reported = useRef<number | undefined>(undefined);
  // The phone's buy bar shows once this box has scrolled away (ADR 065).
  const buyBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!product || reported.current === product.id) return;
    reported.current = product.id;
    reportEcommerce("detail", { products: [metrikaProduct(product, 1)] });
  }, [product]);
  if (!product) return null;
  return (
    <article className="product-page">
      <nav aria-label="Навигационная цепочка" className="breadcrumbs">
        <ol>
          <li>
            <Link to="/catalog">Каталог</Link>
          </li>
          <li>
            <Link to={categoryHref(product.category)}>{product.category.name}</Link>
          </li>
        </ol>
      </nav>
      <div className="product-page__top">
        <ProductGallery productId={product.id} images={product.images} />
        <div className="product-page__info">
          <p className="product-page__brand">
            <Link to={brandUrl(product.brand.code)}>{product.brand.name}</Link>
          </p>
          <div className="product-page__title-row">
            <h1 className="product-page__title">{product.name}</h1>
            <WishlistHeart productId={product.id} variant="page" />
          </div>
          <p className="product-page__meta">
            {product.reviewsCount > 0 ? (
              <a href="#reviews" className="product-page__rating">
                <span aria-hidden="true">★</span> {formatRating(product.rating)} ·{" "}
                {formatCount(product.reviewsCount, "отзыв", "отзыва", "отзывов")}
              </a>
            ) : (
              <span>Пока нет отзывов</span>
            )}
            <span>Артикул: {product.sku}</span>
            <PurchasedNote productId={product.id} variant="page" />
          </p>
          <VariantPicker variants={product.variants} />
          <div ref={buyBox}>
            <ProductPrice product={product} />
          </div>
          <ProductDelivery product={product} />
          <SellerCard seller={product.seller} />
        </div>
      </div>
      {product.properties.length > 0 ? (
        <section className="product-page__section" aria-labelledby="props-title">
          <h2 id="props-title">Характеристики</h2>
          <dl className="properties">
            {product.properties.map((p) => (
              <div key={p.code} className="properties__row">
                <dt>{p.name}</dt>
                <dd>{p.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {product.description ? (
        <section className="product-page__section" aria-labelledby="description-title">
          <h2 id="description-title">Описание</h2>
          <p className="product-page__description">{product.description}</p>
        </section>
      ) : null}
      <ProductReviews productId={product.id} />
      <QuestionsSlot productId={product.id} />
      <RelatedProducts
        title="Похожие товары"
        params={{ sort: "popular", limit: 7, page: 1, categoryId: product.category.id }}
        exclude={product.id}
      />
      <RelatedProducts
        title={`Ещё от ${product.brand.name}`}
        params={{ sort: "popular", limit: 7, page: 1, brand: product.brand.code }}
        exclude={product.id}
      />
      <StickyBuyBar product={product} target={buyBox} />
    </article>
  );
}

/** A row of six products related to this one (the product itself left out). */
function RelatedProducts({
  title,
  params,
  exclude,
}: {
  title: string;
  params: ProductListParams;
  exclude: number;
}) {
  // Below the fold: fetched when the shopper scrolls near, not while the page is starting up.
  const anchor = useRef<HTMLDivElement>(null);
  const near = useNearViewport(anchor);
  const { data } = useQuery({ ...productListQuery(params), enabled: near });
  const items = data?.items.filter((p) => p.id !== exclude).slice(0, 6) ?? [];
  if (items.length === 0) return <div ref={anchor} />;
  return (
    <section className="product-page__section" aria-label={title}>
      <h2>{title}</h2>
      <ProductGrid products={items} label={title} eagerCount={0} />
    </section>
  );
}

export default function Product({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <ProductDetails productId={loaderData.productId} />
    </PageDataBoundary>
  );
}
