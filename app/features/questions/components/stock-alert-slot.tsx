import { lazy, Suspense } from "react";
import { useIsClient } from "#app/ui/use-is-client.ts";

const StockAlertButton = lazy(() =>
  import("./stock-alert.tsx").then((m) => ({ default: m.StockAlertButton })),
);

/**
 * «Сообщить о поступлении» in a sold-out product's buy box. The page is the same for everyone: the button
 * and whether this shopper already waits come after hydration; the slot keeps the button's height, so
 * nothing below it moves.
 */
export function StockAlertSlot({ productId }: { productId: number }) {
  const isClient = useIsClient();
  return (
    <div className="stock-alert-slot" style={{ minHeight: 56, marginTop: "var(--space-2)" }}>
      {isClient ? (
        <Suspense fallback={null}>
          <StockAlertButton productId={productId} />
        </Suspense>
      ) : null}
    </div>
  );
}
