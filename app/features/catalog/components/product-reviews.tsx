import { useQueries } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { formatDate } from "#app/lib/format.ts";
import { PhotoViewerDialog } from "#app/ui/photo-viewer.tsx";
import { imageSrc, imageSrcSet } from "#app/ui/picture.tsx";
import { useIsClient } from "#app/ui/use-is-client.ts";
import type { Review } from "#contract/catalog.ts";
import { formatCount, formatRating } from "#contract/format.ts";
import { type ReviewsParams, reviewsQuery } from "../api.ts";

type ReviewSort = ReviewsParams["sort"];

// A buyer's part of the reviews (ADR 060) loads after hydration, in a chunk of its own: «Написать отзыв»
// is only for some shoppers, «Полезно» works once the page is interactive, and the product page's first
// load stays within its budget (bundle-budget.spec.ts).
const reviewsFeature = () => import("#app/features/reviews/index.ts");
const ReviewActionSlot = lazy(() => reviewsFeature().then((m) => ({ default: m.ReviewActionSlot })));
const HelpfulButton = lazy(() => reviewsFeature().then((m) => ({ default: m.HelpfulButton })));

const SORTS: Record<ReviewSort, string> = {
  new: "Сначала новые",
  rating_desc: "Сначала положительные",
  rating_asc: "Сначала отрицательные",
};

function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`Оценка ${rating} из 5`}>
      {"★★★★★".slice(0, rating)}
      <span className="stars__empty">{"★★★★★".slice(rating)}</span>
    </span>
  );
}

/** A review's photos as thumbnails; each opens the full-screen viewer on that photo. */
function ReviewPhotos({ review }: { review: Review }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ul className="review__photos" aria-label={`Фото покупателя: ${review.photos.length}`}>
        {review.photos.map((photo, index) => (
          <li key={photo.id}>
            <button type="button" className="review__photo" onClick={() => setOpen(index)}>
              <img
                src={imageSrc(photo.thumbUrl, 160)}
                // A 72 px square cut from the photo: a landscape one is 96 px wide before the cut.
                srcSet={imageSrcSet(photo.thumbUrl, [160, 240])}
                sizes="96px"
                width={photo.width}
                height={photo.height}
                alt={photo.alt}
                loading="lazy"
                decoding="async"
              />
            </button>
          </li>
        ))}
      </ul>
      {open !== null ? (
        <PhotoViewerDialog
          photos={review.photos}
          initialIndex={open}
          label={`Фото из отзыва: ${review.authorName}`}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}

/**
 * Reviews with the rating distribution, sorting, a "with photos" filter and "show more"; pages after the
 * first load on demand.
 */
export function ProductReviews({ productId }: { productId: number }) {
  const isClient = useIsClient();
  const [sort, setSort] = useState<ReviewSort>("new");
  const [withPhotos, setWithPhotos] = useState(false);
  const [pages, setPages] = useState(1);
  const results = useQueries({
    queries: Array.from({ length: pages }, (_, i) =>
      reviewsQuery(productId, { sort, withPhotos, page: i + 1 }),
    ),
  });
  const first = results[0]?.data;
  if (!first) return null;
  const items = results.flatMap((r) => r.data?.items ?? []);
  const max = Math.max(1, ...first.distribution.map((d) => d.count));
  // All reviews, whatever the filter: `total` counts only the ones the filter lets through.
  const all = first.distribution.reduce((n, d) => n + d.count, 0);
  return (
    // #reviews: «Оставить отзыв» in the purchases leads here.
    <section id="reviews" className="product-page__section reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Отзывы {all > 0 ? <span className="muted">{all}</span> : null}</h2>
      {isClient ? (
        <Suspense fallback={null}>
          <ReviewActionSlot productId={productId} />
        </Suspense>
      ) : null}
      {all === 0 ? (
        <p className="muted">Об этом товаре ещё не писали. Отзыв можно оставить после получения товара.</p>
      ) : (
        <div className="reviews__layout">
          <div className="reviews__summary">
            <p className="reviews__average">
              {formatRating(first.average)} <Stars rating={Math.round(first.average)} />
            </p>
            <p className="muted">{formatCount(all, "отзыв", "отзыва", "отзывов")}</p>
            <ul className="reviews__distribution" aria-label="Распределение оценок">
              {first.distribution.map((d) => (
                <li key={d.rating}>
                  <span>{d.rating} ★</span>
                  <span className="reviews__bar" aria-hidden="true">
                    <span style={{ width: `${(100 * d.count) / max}%` }} />
                  </span>
                  <span className="muted">{d.count}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="reviews__list">
            <div className="reviews__toolbar">
              <label className="reviews__sort">
                <span className="visually-hidden">Порядок отзывов</span>
                <select
                  value={sort}
                  onChange={(e) => {
                    setSort(e.target.value as ReviewSort);
                    setPages(1);
                  }}
                >
                  {Object.entries(SORTS).map(([value, text]) => (
                    <option key={value} value={value}>
                      {text}
                    </option>
                  ))}
                </select>
              </label>
              {first.withPhotosCount > 0 || withPhotos ? (
                <button
                  type="button"
                  className="chip reviews__filter"
                  aria-pressed={withPhotos}
                  onClick={() => {
                    setWithPhotos(!withPhotos);
                    setPages(1);
                  }}
                >
                  С фото <span className="chip__count">{first.withPhotosCount}</span>
                </button>
              ) : null}
            </div>
            {items.map((r) => (
              <article key={r.id} className="review">
                <header className="review__head">
                  <strong>{r.authorName}</strong>
                  {/* VERIFIED_BUYER_MARK (contract/review-rules.ts); the tick is the stylesheet's. */}
                  {r.verifiedBuyer ? <span className="review__verified">Покупатель Витрины</span> : null}
                  <Stars rating={r.rating} />
                  <time className="muted" dateTime={r.createdAt}>
                    {formatDate(r.createdAt)}
                  </time>
                </header>
                {r.pros ? (
                  <p>
                    <b>Достоинства:</b> {r.pros}
                  </p>
                ) : null}
                {r.cons ? (
                  <p>
                    <b>Недостатки:</b> {r.cons}
                  </p>
                ) : null}
                {r.text ? <p>{r.text}</p> : null}
                {r.photos.length > 0 ? <ReviewPhotos review={r} /> : null}
                <footer className="review__foot">
                  {/* The footer keeps the button's height until its code has loaded: nothing moves. */}
                  {isClient ? (
                    <Suspense fallback={null}>
                      <HelpfulButton productId={productId} reviewId={r.id} count={r.helpfulCount} />
                    </Suspense>
                  ) : null}
                </footer>
              </article>
            ))}
            {items.length < first.total ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={results.some((r) => r.isFetching)}
                onClick={() => setPages(pages + 1)}
              >
                Показать ещё отзывы
              </button>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}
