import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSignedInHint } from "#app/features/account/index.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { useFeature } from "#app/lib/features.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import type { ProductCard } from "#contract/catalog.ts";
import { formatPoints } from "#contract/format.ts";
import { points } from "#contract/money.ts";
import { addToBasket, basketKeys, removeFromBasket, setBasketQuantity, useBasketLine } from "../api.ts";
import { QuantityStepper } from "./quantity-stepper.tsx";

export type BasketProduct = Pick<
  ProductCard,
  "id" | "sku" | "name" | "price" | "brand" | "state" | "orderLimit" | "cashbackAmount"
>;

/** A failed basket call as a toast: the server's message for a 4xx (a cap, sold out), else «try again». */
export function basketErrorToast(title: string, error: unknown): void {
  showToast({
    type: "error",
    group: "basket",
    title,
    text:
      error instanceof ApiError && error.status >= 400 && error.status < 500
        ? error.message
        : "Попробуйте ещё раз",
  });
}

/**
 * «В корзину» on product cards and the product page, a quantity stepper once the product is in the basket.
 * The server renders the button for everyone (the page stays cacheable); the basket's quantities arrive
 * after hydration and swap it for the stepper in the same box, so nothing moves. Sold out and coming soon:
 * no button; preorder: «Предзаказ»; with the `cashbackInCartBtn` feature the button shows the cashback.
 */
export function BasketButton({
  product,
  variant = "card",
}: {
  product: BasketProduct;
  variant?: "card" | "page";
}) {
  const queryClient = useQueryClient();
  const hint = useSignedInHint();
  const line = useBasketLine(product.id, hint);
  const cashbackInButton = useFeature("cashbackInCartBtn");
  const [busy, setBusy] = useState(false);
  if (product.state === "sold_out" || product.state === "coming_soon") return null;

  const run = async (title: string, action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      basketErrorToast(title, error);
      // A cap or a sold-out product the page did not know of yet: read the quantities again.
      void queryClient.invalidateQueries({ queryKey: basketKeys.count(hint) });
    } finally {
      setBusy(false);
    }
  };

  const size = variant === "page" ? "l" : "m";
  if (line) {
    return (
      <div className={`basket-button basket-button--${variant}`}>
        <QuantityStepper
          quantity={line.quantity}
          max={line.max}
          capMessage={line.capMessage}
          // The buy box states the per-order limit above the stepper already.
          reasonShownNearby={
            variant === "page" &&
            product.orderLimit !== null &&
            line.capMessage === `Не больше ${product.orderLimit} шт. в одном заказе`
          }
          busy={busy}
          name={product.name}
          removeAtOne
          size={size}
          onChange={(to) =>
            run("Не удалось изменить количество", () =>
              to <= 0
                ? removeFromBasket(queryClient, hint, product, line.quantity)
                : // «+» adds one to whatever the basket holds now (another tab may have changed it); the
                  // server refuses past the cap.
                  to > line.quantity
                  ? addToBasket(queryClient, hint, product, to - line.quantity)
                  : setBasketQuantity(queryClient, hint, product, line.quantity, to),
            )
          }
        />
      </div>
    );
  }

  const cashback = points(Math.floor(product.cashbackAmount / 100));
  const label = product.state === "preorder" ? "Предзаказ" : "В корзину";
  return (
    <div className={`basket-button basket-button--${variant}`}>
      <button
        type="button"
        className={`basket-button__add basket-button__add--${size}`}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={`${label}: ${product.name}`}
        onClick={() => run("Не удалось добавить в корзину", () => addToBasket(queryClient, hint, product))}
      >
        {label}
        {cashbackInButton && cashback > 0 ? (
          <span className="basket-button__cashback"> · +{formatPoints(cashback)}</span>
        ) : null}
      </button>
    </div>
  );
}
