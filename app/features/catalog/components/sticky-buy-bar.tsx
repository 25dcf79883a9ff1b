import { type RefObject, useEffect, useState } from "react";
import { BasketButton } from "#app/features/basket/index.ts";
import type { ProductDetail } from "#contract/catalog.ts";
import { formatRub } from "#contract/format.ts";

/**
 * The phone's buy bar (ADR 065): once the price box has scrolled up out of view, the price and the same
 * basket button (add, then the quantity stepper) stay at the bottom of the screen, above the tab bar.
 * It is fixed and its room at the page's end is reserved in CSS, so showing it moves nothing; wider
 * screens never show it (the buy box sits beside the gallery there). Only after hydration: the server
 * renders the bar hidden, and an IntersectionObserver decides.
 */
export function StickyBuyBar({
  product,
  target,
}: {
  product: ProductDetail;
  target: RefObject<HTMLElement | null>;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    // The screen stretched far downwards: the box "intersects" it until it has scrolled up past its top,
    // however it gets there. A plain observer would miss a jump from below the screen to above it (an
    // anchor, a restored scroll), which crosses no threshold.
    const observer = new IntersectionObserver(
      (entries) => {
        // The latest entry: a busy page gets several at once, oldest first.
        const entry = entries.at(-1);
        if (entry) setShown(!entry.isIntersecting);
      },
      { rootMargin: "0px 0px 100000px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  const buyable = product.state === "in_stock" || product.state === "preorder";
  if (!buyable) return null;
  return (
    <section className="buy-bar" data-shown={shown} hidden={!shown} aria-label="Покупка">
      <p className="buy-bar__price">
        <span className="buy-bar__amount">{formatRub(product.price)}</span>
        {product.oldPrice ? (
          <s className="buy-bar__old">
            <span className="visually-hidden">Старая цена: </span>
            {formatRub(product.oldPrice)}
          </s>
        ) : null}
      </p>
      <BasketButton product={product} variant="page" />
    </section>
  );
}
