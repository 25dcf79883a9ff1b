import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { type PickedPhoto, PhotoPicker } from "#app/features/uploads/index.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { Button } from "#app/ui/button.tsx";
import { TextAreaField } from "#app/ui/field.tsx";
import { Modal } from "#app/ui/modal/modal.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import type { Review } from "#contract/catalog.ts";
import {
  RATING_TEXT,
  REVIEW_CONS_MAX_LENGTH,
  REVIEW_PROS_MAX_LENGTH,
  REVIEW_TEXT_MAX_LENGTH,
  VERIFIED_BUYER_MARK,
} from "#contract/review-rules.ts";
import { createReview } from "../api.ts";
import href from "../reviews.css?url";

type TextName = "pros" | "cons" | "text";
type Errors = Partial<Record<TextName | "rating" | "form", string>>;

const LIMITS: Record<TextName, number> = {
  pros: REVIEW_PROS_MAX_LENGTH,
  cons: REVIEW_CONS_MAX_LENGTH,
  text: REVIEW_TEXT_MAX_LENGTH,
};

/** The API's field messages (`body.pros`) by the form's names; anything else is the form's. */
function errorsOf(error: unknown): Errors {
  if (!(error instanceof ApiError)) return { form: "Нет связи с сервером. Попробуйте ещё раз" };
  const out: Errors = {};
  for (const f of error.body?.fields ?? []) {
    const name = f.field.replace(/^body\./, "").split(".")[0] as keyof Errors;
    if (name in LIMITS || name === "rating") out[name] ??= f.message;
  }
  if (Object.keys(out).length === 0) out.form = error.message;
  return out;
}

/** Five stars as radio buttons: arrows move between them, the chosen one's meaning is said beside them. */
function StarsInput({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (rating: number) => void;
  error: string | undefined;
}) {
  const name = useId();
  const shown = value;
  return (
    <fieldset className="review-form__stars" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="review-form__legend">Оценка товара</legend>
      <div className="review-form__stars-row">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`review-form__star${n <= shown ? " review-form__star--on" : ""}`}>
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-label={`${n} из 5 — ${RATING_TEXT[n]}`}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
        <span className="review-form__rating-text" aria-hidden="true">
          {shown ? RATING_TEXT[shown] : ""}
        </span>
      </div>
      {error ? (
        <p className="ui-field__error" id={`${name}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * «Отзыв о товаре»: stars, advantages, disadvantages, a comment and up to 5 photos, in a dialog (a bottom
 * sheet on phones). Published at once; the page's reviews are read again.
 */
export function ReviewFormDialog({
  productId,
  productName,
  onClose,
  onPublished,
}: {
  productId: number;
  /** Under the title where the product is not on the page (the purchases). */
  productName?: string;
  onClose: () => void;
  onPublished?: (review: Review) => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [rating, setRating] = useState(0);
  const [values, setValues] = useState<Record<TextName, string>>({ pros: "", cons: "", text: "" });
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  const field = (name: TextName) => ({
    value: values[name],
    maxLength: LIMITS[name],
    error: errors[name],
    hint: values[name].length > LIMITS[name] - 200 ? `${values[name].length} из ${LIMITS[name]}` : undefined,
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      setErrors((e) => ({ ...e, [name]: undefined, form: undefined }));
    },
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rating === 0) {
      setErrors({ rating: "Поставьте оценку от 1 до 5 звёзд" });
      return;
    }
    setSending(true);
    try {
      const review = await createReview(queryClient, productId, {
        rating,
        ...values,
        photoIds: photos.map((p) => p.id),
      });
      showToast({
        type: "success",
        group: "review",
        title: "Спасибо за отзыв!",
        text: "Он уже на странице товара",
      });
      onPublished?.(review);
      onClose();
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open
      onClose={() => {
        if (!sending) onClose();
      }}
      title="Отзыв о товаре"
      description={productName}
      size="m"
      className="review-form-dialog"
      footer={
        <Button
          type="submit"
          form={formId}
          fullWidth
          size="l"
          loading={sending}
          disabled={uploading}
          data-testid="review-submit"
        >
          {uploading ? "Загружаем фото…" : "Опубликовать отзыв"}
        </Button>
      }
    >
      <link rel="stylesheet" href={href} precedence="page" />
      <form id={formId} className="review-form" onSubmit={submit} noValidate>
        <StarsInput
          value={rating}
          onChange={(n) => {
            setRating(n);
            setErrors((e) => ({ ...e, rating: undefined, form: undefined }));
          }}
          error={errors.rating}
        />
        <TextAreaField label="Достоинства" placeholder="Что понравилось" rows={2} {...field("pros")} />
        <TextAreaField label="Недостатки" placeholder="Что не понравилось" rows={2} {...field("cons")} />
        <TextAreaField
          label="Комментарий"
          placeholder="Как пользуетесь, оправдал ли товар ожидания"
          rows={4}
          {...field("text")}
        />
        <PhotoPicker
          purpose="review"
          legend="Фото товара"
          photos={photos}
          onChange={setPhotos}
          onBusy={setUploading}
        />
        <p className="review-form__note">
          Отзыв появится на странице товара с отметкой «{VERIFIED_BUYER_MARK}» — от имени из вашего профиля:
          имя и первая буква фамилии.
        </p>
        {errors.form ? (
          <p className="review-form__error" role="alert">
            {errors.form}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
