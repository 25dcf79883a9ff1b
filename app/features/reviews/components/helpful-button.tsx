import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSignedInHint } from "#app/features/account/index.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { markHelpful, reviewKeys, useMyReviews } from "../api.ts";

function ThumbIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M7 10v12" />
      <path d="M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z" />
    </svg>
  );
}

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
      <ThumbIcon /> Полезно{shown > 0 ? ` · ${shown}` : ""}
    </button>
  );
}
