import type { ProductCard as ProductCardData } from "#contract/catalog.ts";
import { ProductCard } from "./product-card.tsx";

/** The first row loads eagerly (it is above the fold); the rest lazily. */
const EAGER_CARDS = 4;

export function ProductGrid({
  products,
  label,
  eagerCount = EAGER_CARDS,
}: {
  products: ProductCardData[];
  label: string;
  /** Cards above the fold; a grid further down the page loads every picture lazily (0). */
  eagerCount?: number | undefined;
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            eager={index < eagerCount}
            priority={eagerCount > 0 && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
