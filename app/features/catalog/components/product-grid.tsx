import type { ProductCard as ProductCardData } from "#contract/catalog.ts";
import { ProductCard } from "./product-card.tsx";

/** The first row loads eagerly (it is above the fold); the rest lazily. */
const EAGER_CARDS = 4;

export function ProductGrid({ products, label }: { products: ProductCardData[]; label: string }) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={index < EAGER_CARDS} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}
