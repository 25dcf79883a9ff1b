import type { MetaDescriptor } from "react-router";
import type { ProductDetail } from "#contract/catalog.ts";
import { productUrl, searchUrl } from "#contract/urls.ts";
import { absoluteUrl, SITE_NAME } from "./seo-meta.ts";

const AVAILABILITY: Record<ProductDetail["state"], string> = {
  in_stock: "https://schema.org/InStock",
  sold_out: "https://schema.org/OutOfStock",
  preorder: "https://schema.org/PreOrder",
  coming_soon: "https://schema.org/PreSale",
};

/** schema.org Product with its offer (price in roubles, RUB, availability) and rating, for rich results. */
export function productJsonLd(product: ProductDetail, origin: string): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.name,
      sku: product.sku,
      description: product.description,
      image: product.images.map((i) => absoluteUrl(origin, i.url)),
      brand: { "@type": "Brand", name: product.brand.name },
      offers: {
        "@type": "Offer",
        url: absoluteUrl(origin, productUrl(product.id)),
        priceCurrency: "RUB",
        price: (product.price / 100).toFixed(2),
        availability: AVAILABILITY[product.state],
        seller: { "@type": "Organization", name: product.seller.name },
      },
      ...(product.reviewsCount > 0
        ? {
            aggregateRating: {
              "@type": "AggregateRating",
              ratingValue: product.rating.toFixed(1),
              reviewCount: product.reviewsCount,
            },
          }
        : {}),
    },
  };
}

/** The shop itself and its search box, on the home page. */
export function siteJsonLd(origin: string): MetaDescriptor[] {
  return [
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: SITE_NAME,
        url: absoluteUrl(origin, "/"),
        logo: absoluteUrl(origin, "/apple-touch-icon-alfa.png"),
      },
    },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: SITE_NAME,
        url: absoluteUrl(origin, "/"),
        potentialAction: {
          "@type": "SearchAction",
          target: `${absoluteUrl(origin, searchUrl())}?q={search_term_string}`,
          "query-input": "required name=search_term_string",
        },
      },
    },
  ];
}
