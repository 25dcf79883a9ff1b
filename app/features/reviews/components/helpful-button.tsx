import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSignedInHint } from "#app/features/account/index.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { markHelpful, reviewKeys, useMyReviews } from "../api.ts";

/**
 * «Полезно» under a review: one vote per shopper (the server keeps it so however often it is pressed).
 * Signed out, the press takes the shopper to sign-in and back. One's own review shows its count only.
 */
export function HelpfulButton({
  productId,
  reviewId,
  count,
}: {
  productId: number;
  reviewId: number;
  count: number;
}) {
  const queryClient = useQueryClient();
  const hint = useSignedInHint();
  const { data } = useMyReviews([productId], hint);
  const [local, setLocal] = useState<{ count: number; voted: boolean } | undefined>();
  const own = data?.items.some((i) => i.reviewId === reviewId) ?? false;
  const voted = local?.voted ?? data?.helpful.includes(reviewId) ?? false;
  const shown = local?.count ?? count;
  if (own) {
    return (
      <span className="review__helpful review__helpful--own">
        Ваш отзыв{shown > 0 ? ` · полезен ${shown}` : ""}
      </span>
    );
  }
  const vote = async () => {
    if (voted) return;
    try {
      const result = await markHelpful(reviewId);
      setLocal({ count: result.helpfulCount, voted: true });
      await queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      showToast({
        type: "error",
        group: "helpful",
        title: "Не удалось отметить отзыв",
        text: error instanceof ApiError && error.status < 500 ? error.message : "Попробуйте ещё раз",
      });
    }
  };
  return (
    <button
      type="button"
      className="review__helpful"
      aria-pressed={voted}
      onClick={vote}
      data-testid="review-helpful"
    >
      Полезно{shown > 0 ? ` · ${shown}` : ""}
    </button>
  );
}
