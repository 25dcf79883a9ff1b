import { lazy, Suspense } from "react";
import { useSignedInHint } from "#app/features/account/index.ts";
import { useMyReviews } from "../api.ts";

/** Its code (and the form's) loads only for a shopper who has something to see there (ADR 060). */
const ReviewAction = lazy(() => import("./review-action.tsx").then((m) => ({ default: m.ReviewAction })));

/**
 * Where the product page's «Написать отзыв» goes: nothing on the server, signed out, or for a shopper who
 * never received the product, so the page stays the same for everyone (and cacheable); the shopper's
 * state is asked after hydration, like «Вы покупали».
 */
export function ReviewActionSlot({ productId }: { productId: number }) {
  const hint = useSignedInHint();
  const { data } = useMyReviews([productId], hint);
  const mine = data?.items.find((i) => i.productId === productId);
  if (!mine) return null;
  return (
    <Suspense fallback={null}>
      <ReviewAction productId={productId} mine={mine} />
    </Suspense>
  );
}
