import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "#app/lib/api-client.ts";
import { HeartIcon } from "#app/ui/icons.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { WISHLIST_ADD_LABEL, WISHLIST_REMOVE_LABEL } from "#contract/wishlist-rules.ts";
import { setWished, wishlistIdsQuery } from "../api.ts";

/**
 * The heart: puts a product into the wishlist or takes it out. The server renders it unpressed for
 * everyone and at its final size, an icon whose fill alone changes, so nothing moves and the page stays
 * the same for every shopper (cacheable); the pressed state comes from the wishlist ids after hydration
 * (ADR 032). `card`: over a product card's picture; `page`: beside the product page's title.
 */
export function WishlistHeart({
  productId,
  variant = "card",
}: {
  productId: number;
  variant?: "card" | "page";
}) {
  const queryClient = useQueryClient();
  const { data: pressed = false } = useQuery({
    ...wishlistIdsQuery(),
    select: (data) => data.productIds.includes(productId),
  });
  const label = pressed ? WISHLIST_REMOVE_LABEL : WISHLIST_ADD_LABEL;
  const toggle = () =>
    setWished(queryClient, productId, !pressed).catch((error: unknown) =>
      showToast({
        type: "error",
        group: "wishlist",
        title: pressed ? "Не удалось убрать из избранного" : "Не удалось добавить в избранное",
        text:
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? error.message
            : "Попробуйте ещё раз",
      }),
    );
  return (
    <button
      type="button"
      className={`wishlist-heart wishlist-heart--${variant}`}
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      data-testid={`wishlist-heart-${variant}`}
      onClick={toggle}
    >
      <HeartIcon size={variant === "card" ? 22 : 26} className="wishlist-heart__icon" />
    </button>
  );
}
