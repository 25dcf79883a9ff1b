import { useState } from "react";
import { useSignedInHint } from "#app/features/account/index.ts";
import { Button } from "#app/ui/button.tsx";
import type { MyReviewState } from "#contract/reviews.ts";
import { useMyReviews } from "../api.ts";
import { ReviewFormDialog } from "./review-form.tsx";

/**
 * «Оставить отзыв» on a received product (the purchases): opens the form; a product already reviewed says
 * so instead. `state` comes from the page's one request for all its products.
 */
export function ReviewButton({
  productId,
  productName,
  state,
}: {
  productId: number;
  productName: string;
  state: MyReviewState | undefined;
}) {
  const [open, setOpen] = useState(false);
  if (state === "reviewed") {
    return (
      <Button variant="secondary" href={`/product/${productId}#reviews`}>
        Ваш отзыв
      </Button>
    );
  }
  if (state === "hidden") return <span className="review-action__note">Отзыв скрыт модератором</span>;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="review-open">
        Оставить отзыв
      </Button>
      {open ? (
        <ReviewFormDialog productId={productId} productName={productName} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

/**
 * The product page's way to a review: «Написать отзыв» for a buyer who has received it and not written
 * one, a note for one who has. Nothing on the server, signed out, or for a shopper who never received it:
 * the page stays the same for everyone (and cacheable); this is asked after hydration.
 */
export function ReviewAction({ productId, productName }: { productId: number; productName: string }) {
  const hint = useSignedInHint();
  const { data } = useMyReviews([productId], hint);
  const [open, setOpen] = useState(false);
  const mine = data?.items.find((i) => i.productId === productId);
  if (!mine) return null;
  if (mine.state === "reviewed") {
    return (
      <p className="review-action__note" data-testid="review-mine">
        Вы оставили отзыв на этот товар — спасибо!
      </p>
    );
  }
  if (mine.state === "hidden") {
    return (
      <p className="review-action__note" data-testid="review-mine">
        Ваш отзыв скрыт модератором{mine.hiddenReason ? `: ${mine.hiddenReason}` : ""}
      </p>
    );
  }
  return (
    <div className="review-action">
      <p className="review-action__text">Вы получили этот товар. Расскажите, как он вам</p>
      <Button onClick={() => setOpen(true)} data-testid="review-open">
        Написать отзыв
      </Button>
      {open ? (
        <ReviewFormDialog productId={productId} productName={productName} onClose={() => setOpen(false)} />
      ) : null}
    </div>
  );
}
