import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "#app/ui/button.tsx";
import { imageSrc } from "#app/ui/picture.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { formatPhoneLabel } from "#contract/format.ts";
import { REVIEW_HIDE_REASON_MAX_LENGTH, VERIFIED_BUYER_MARK } from "#contract/review-rules.ts";
import type { StaffReview } from "#contract/reviews.ts";
import { productUrl } from "#contract/urls.ts";
import { formatDateTime } from "../format.ts";
import { refusalText } from "../refusal.ts";
import href from "../reviews.css?url";
import { useReviewActions } from "../reviews-api.ts";
import { HideForm } from "./hide-form.tsx";

/** Reasons operators give most, one tap away; any other can be typed. */
const REASONS = [
  "Нецензурная лексика или оскорбления",
  "Реклама, ссылки или контакты",
  "Отзыв не о товаре",
  "Персональные данные",
] as const;

/** The reviews, newest first: text, photos, status, and hide / show. */
export function ReviewDesk({ items }: { items: readonly StaffReview[] }) {
  return (
    <>
      <link rel="stylesheet" href={href} precedence="page" />
      <ul className="ops-list" aria-label="Отзывы">
        {items.map((review) => (
          <li key={review.id}>
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
    </>
  );
}

function ReviewCard({ review }: { review: StaffReview }) {
  const titleId = useId();
  const { show, hide } = useReviewActions(review.id);
  const [hiding, setHiding] = useState(false);
  async function showAgain() {
    try {
      await show.mutateAsync();
      showToast({ type: "success", title: "Отзыв снова на странице товара", text: `Отзыв № ${review.id}` });
    } catch (failure) {
      showToast({ type: "error", title: "Не получилось", text: refusalText(failure) });
    }
  }
  return (
    <article className="ops-card" aria-labelledby={titleId} data-testid={`admin-review-${review.id}`}>
      <header className="ops-card__head">
        <h2 id={titleId} className="ops-card__title">
          Отзыв № {review.id} · <Link to={productUrl(review.product.id)}>{review.product.name}</Link>
        </h2>
        <span
          className={review.status === "hidden" ? "ops-badge ops-badge--open" : "ops-badge ops-badge--done"}
        >
          {review.statusText}
        </span>
      </header>
      <dl className="ops-facts">
        <div>
          <dt>Автор</dt>
          <dd>
            {review.authorName}
            {review.userId !== null ? ` · ${VERIFIED_BUYER_MARK}` : " · отзыв из каталога"}
            {review.phone ? `, ${formatPhoneLabel(review.phone)}` : ""}
          </dd>
        </div>
        <div>
          <dt>Оценка</dt>
          <dd>
            {"★".repeat(review.rating)}
            <span className="admin-muted">{"★".repeat(5 - review.rating)}</span> {review.rating} из 5
          </dd>
        </div>
        <div>
          <dt>Написан</dt>
          <dd>
            <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
            {review.helpfulCount > 0 ? ` · полезен ${review.helpfulCount}` : ""}
          </dd>
        </div>
        {review.status === "hidden" ? (
          <div>
            <dt>Скрыт</dt>
            <dd>
              «{review.hiddenReason}»{review.hiddenAt ? ` · ${formatDateTime(review.hiddenAt)}` : ""}
              {review.hiddenBy ? ` · ${formatPhoneLabel(review.hiddenBy)}` : ""}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="review-desk__text">
        {review.pros ? (
          <p>
            <b>Достоинства:</b> {review.pros}
          </p>
        ) : null}
        {review.cons ? (
          <p>
            <b>Недостатки:</b> {review.cons}
          </p>
        ) : null}
        {review.text ? <p>{review.text}</p> : null}
      </div>
      {review.photos.length > 0 ? (
        <ul className="review-desk__photos" aria-label="Фото покупателя">
          {review.photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img
                  src={imageSrc(photo.thumbUrl, 160)}
                  alt={`Фото ${index + 1}`}
                  width={72}
                  height={72}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="review-desk__actions">
        {review.status === "published" ? (
          hiding ? (
            <HideForm
              reasons={REASONS}
              maxLength={REVIEW_HIDE_REASON_MAX_LENGTH}
              hint="Покупатель увидит причину рядом со своим отзывом"
              pending={hide.isPending}
              hide={(reason) => hide.mutateAsync(reason)}
              done={{ title: "Отзыв скрыт", text: `Отзыв № ${review.id}` }}
              onDone={() => setHiding(false)}
            />
          ) : (
            <Button variant="secondary" onClick={() => setHiding(true)}>
              Скрыть отзыв
            </Button>
          )
        ) : (
          <Button variant="secondary" onClick={showAgain} loading={show.isPending}>
            Показать снова
          </Button>
        )}
      </div>
    </article>
  );
}
