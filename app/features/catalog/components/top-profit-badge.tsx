import { useFeature } from "#app/lib/features.ts";
import type { ProductCard } from "#contract/catalog.ts";

/** The "Топ-выгода" mark of a promotion product, shown only while the promotion runs. */
export function TopProfitBadge({
  product,
  className,
}: {
  product: Pick<ProductCard, "isTopProfit">;
  className?: string;
}) {
  const running = useFeature("topProfit");
  if (!running || !product.isTopProfit) return null;
  return (
    <span className={className ? `badge badge--top-profit ${className}` : "badge badge--top-profit"}>
      Топ-выгода
    </span>
  );
}
