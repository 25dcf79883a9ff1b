import { describe, expect, it } from "vitest";
import type { ProductDetail } from "#contract/catalog.ts";
import { productJsonLd, siteJsonLd } from "./structured-data.ts";

// biome-ignore lint/suspicious/noExplicitAny: JSON-LD is free-form; the tests read into it by path
type Json = Record<string, any>;

const product = {
  id: 7,
  sku: "VT-00000007",
  name: "Смартфон Apple iPhone 16",
  description: "Описание",
  price: 9_989_900,
  state: "sold_out",
  rating: 4.84,
  reviewsCount: 12,
  images: [{ url: "/media/products/7/0.svg", width: 600, height: 800, alt: "" }],
  brand: { code: "apple", name: "Apple" },
  seller: { code: "s", name: "Центр электроники", rating: 4.8 },
} as unknown as ProductDetail;

describe("structured data", () => {
  it("describes a product with a RUB offer, availability and rating", () => {
    const ld = (productJsonLd(product, "https://shop.example") as { "script:ld+json": Json })[
      "script:ld+json"
    ];
    expect(ld["@type"]).toBe("Product");
    expect(ld.offers).toMatchObject({
      priceCurrency: "RUB",
      price: "99899.00",
      availability: "https://schema.org/OutOfStock",
    });
    expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: "4.8", reviewCount: 12 });
    expect(ld.image).toEqual(["https://shop.example/media/products/7/0.svg"]);
  });

  it("leaves the rating out when nobody has reviewed the product", () => {
    const ld = (
      productJsonLd({ ...product, reviewsCount: 0 }, "https://shop.example") as {
        "script:ld+json": Json;
      }
    )["script:ld+json"];
    expect(ld.aggregateRating).toBeUndefined();
  });

  it("declares the organisation and the site's search action", () => {
    const [org, site] = siteJsonLd("https://shop.example") as { "script:ld+json": Json }[];
    expect(org!["script:ld+json"]["@type"]).toBe("Organization");
    expect(site!["script:ld+json"].potentialAction.target).toBe(
      "https://shop.example/search/?q={search_term_string}",
    );
  });
});
