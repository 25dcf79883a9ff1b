import { lazy, Suspense, useState } from "react";
import { Button } from "#app/ui/button.tsx";
import type { MyReviews, MyReviewState } from "#contract/reviews.ts";

/**
 * The form, with the photo picker and the upload limits it reads, loads when it is first opened: the
 * product page's first load stays within its budget and without the schema library (ADR 024).
 */
const ReviewFormDialog = lazy(() =>
  import("./review-form.tsx").then((m) => ({ default: m.ReviewFormDialog })),
);

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
        <Suspense fallback={null}>
          <ReviewFormDialog productId={productId} productName={productName} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The product page's way to a review: «Написать отзыв» for a buyer who has received it and not written
 * one, a note for one who has. Loaded by ReviewActionSlot only once the shopper's state says so.
 */
export function ReviewAction({ productId, mine }: { productId: number; mine: MyReviews["items"][number] }) {
  const [open, setOpen] = useState(false);
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
        <Suspense fallback={null}>
          <ReviewFormDialog productId={productId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
