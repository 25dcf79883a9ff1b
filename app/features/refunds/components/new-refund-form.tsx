import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PhotoPicker, type PickedPhoto } from "#app/features/uploads/index.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { Button } from "#app/ui/button.tsx";
import { TextAreaField } from "#app/ui/field.tsx";
import { imageSrc } from "#app/ui/picture.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { localDateTime } from "#contract/delivery-dates.ts";
import { formatRub } from "#contract/format.ts";
import { kopecks } from "#contract/money.ts";
import {
  createReturnSchema,
  isSellerFault,
  RETURN_COMMENT_MAX_LENGTH,
  RETURN_REASON_KEYS,
  RETURN_REASONS,
  type Returnable,
  type ReturnReason,
} from "#contract/returns.ts";
import { useCreateRefund } from "../api.ts";

type Line = Returnable["lines"][number];

/** «15.12.2026» */
const ruDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** The last day this reason allows for the line, and whether it has passed. */
function windowOf(line: Line, reason: ReturnReason | "", today: string) {
  const lastDay = reason !== "" && isSellerFault(reason) ? line.defectLastDay : line.lastDay;
  return { lastDay, closed: today > lastDay };
}

/**
 * «Вернуть товар»: the order's delivered goods with how many of each can still go back, a reason from the
 * dictionary, a comment and photos (required for a claim about the goods). The server checks it all again.
 */
export function NewRefundForm({ returnable }: { returnable: Returnable }) {
  const navigate = useNavigate();
  const create = useCreateRefund();
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [reason, setReason] = useState<ReturnReason | "">("");
  const [comment, setComment] = useState("");
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<{
    lines?: string;
    reason?: string;
    comment?: string;
    photos?: string;
  }>({});
  const [failure, setFailure] = useState("");
  const today = localDateTime(new Date(), "Europe/Moscow").date;
  const claim = reason !== "" && isSellerFault(reason);

  const lines = returnable.lines;
  const picked = lines.filter((l) => (chosen[l.lineId] ?? 0) > 0);
  const goods = picked.reduce((sum, l) => sum + l.price * (chosen[l.lineId] ?? 0), 0);

  function toggle(line: Line, on: boolean) {
    setChosen((c) => ({ ...c, [line.lineId]: on ? 1 : 0 }));
    setErrors((e) => ({ ...e, lines: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure("");
    const closed = picked.find((l) => windowOf(l, reason, today).closed);
    const parsed = createReturnSchema.safeParse({
      orderId: returnable.orderId,
      lines: picked.map((l) => ({ lineId: l.lineId, quantity: chosen[l.lineId] })),
      reason,
      comment,
      photoIds: photos.map((p) => p.id),
    });
    if (!parsed.success || closed) {
      const found: typeof errors = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const key = issue.path[0] === "photoIds" ? "photos" : (issue.path[0] as keyof typeof errors);
        found[key] ??= issue.message;
      }
      if (closed) found.lines = `Срок возврата «${closed.name}» по этой причине истёк`;
      setErrors(found);
      return;
    }
    try {
      const request = await create.mutateAsync(parsed.data);
      showToast({
        type: "success",
        title: "Заявка на возврат отправлена",
        text: `№ ${request.id}. Решение пришлём по SMS`,
      });
      navigate(`/personal/refunds/${request.id}`);
    } catch (error) {
      setFailure(
        error instanceof ApiError
          ? error.message
          : "Не удалось отправить заявку: проверьте связь и попробуйте ещё раз",
      );
    }
  }

  return (
    <form className="refund-form" onSubmit={submit} noValidate aria-label="Заявка на возврат">
      <fieldset
        className="refund-form__group"
        aria-describedby={errors.lines ? "refund-lines-error" : undefined}
      >
        <legend className="refund-form__legend">Что вернуть</legend>
        <ul className="refund-choice">
          {lines.map((line) => {
            const { lastDay, closed } = windowOf(line, reason, today);
            const count = chosen[line.lineId] ?? 0;
            const off = line.returnable === 0 || closed;
            return (
              <li
                key={line.lineId}
                className={`refund-choice__line${off ? " refund-choice__line--off" : ""}`}
              >
                <label className="refund-choice__label">
                  <input
                    type="checkbox"
                    checked={count > 0 && !off}
                    disabled={off}
                    onChange={(e) => toggle(line, e.currentTarget.checked)}
                  />
                  {line.image ? (
                    <img src={imageSrc(line.image.url, 160)} alt="" width={56} height={56} loading="lazy" />
                  ) : null}
                  <span className="refund-choice__text">
                    <span className="refund-choice__name">{line.name}</span>
                    <span className="refund-choice__meta">
                      {formatRub(line.price)}
                      {" · "}
                      {line.returnable === 0
                        ? "уже в заявке на возврат"
                        : closed
                          ? `срок возврата истёк ${ruDate(lastDay)}${claim ? "" : " — можно вернуть только с браком"}`
                          : `вернуть до ${ruDate(lastDay)}`}
                    </span>
                  </span>
                </label>
                {count > 0 && !off && line.returnable > 1 ? (
                  <label className="refund-choice__qty">
                    <span>Сколько</span>
                    <select
                      value={count}
                      onChange={(e) =>
                        setChosen((c) => ({ ...c, [line.lineId]: Number(e.currentTarget.value) }))
                      }
                    >
                      {Array.from({ length: line.returnable }, (_, i) => i + 1).map((n) => (
                        <option key={n} value={n}>
                          {n} шт.
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
              </li>
            );
          })}
        </ul>
        {errors.lines ? (
          <p className="refund-form__error" id="refund-lines-error" role="alert">
            {errors.lines}
          </p>
        ) : null}
      </fieldset>

      <fieldset
        className="refund-form__group"
        aria-describedby={errors.reason ? "refund-reason-error" : undefined}
      >
        <legend className="refund-form__legend">Причина</legend>
        <div className="refund-form__reasons">
          {RETURN_REASON_KEYS.map((key) => (
            <label key={key} className="refund-form__reason">
              <input
                type="radio"
                name="reason"
                value={key}
                checked={reason === key}
                onChange={() => {
                  setReason(key);
                  setErrors((e) => ({ ...e, reason: undefined, photos: undefined, lines: undefined }));
                }}
              />
              <span>{RETURN_REASONS[key].text}</span>
            </label>
          ))}
        </div>
        {errors.reason ? (
          <p className="refund-form__error" id="refund-reason-error" role="alert">
            {errors.reason}
          </p>
        ) : null}
      </fieldset>

      <TextAreaField
        label="Комментарий"
        hint={`Что именно не так — продавцу будет проще проверить. До ${RETURN_COMMENT_MAX_LENGTH} символов`}
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        error={errors.comment}
        maxLength={RETURN_COMMENT_MAX_LENGTH}
        rows={4}
      />
      <div>
        <PhotoPicker
          purpose="refund"
          photos={photos}
          onChange={(next) => {
            setPhotos(next);
            setErrors((e) => ({ ...e, photos: undefined }));
          }}
          onBusy={setUploading}
          legend={claim ? "Фото товара — обязательно" : "Фото товара, если нужно"}
        />
        {errors.photos ? (
          <p className="refund-form__error" role="alert">
            {errors.photos}
          </p>
        ) : null}
      </div>

      <div className="refund-form__summary">
        <p>
          {picked.length > 0
            ? `Товаров на ${formatRub(kopecks(goods))}. Часть, оплаченную баллами, вернём баллами`
            : "Выберите товары, которые хотите вернуть"}
        </p>
        {failure ? (
          <p className="refund-form__error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="refund-actions">
          <Button type="submit" size="l" loading={create.isPending} disabled={uploading}>
            Отправить заявку
          </Button>
          <Link className="button button--ghost" to={`/personal/orders/${returnable.orderId}`}>
            Отмена
          </Link>
        </div>
      </div>
    </form>
  );
}
