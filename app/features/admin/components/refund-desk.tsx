import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { ApiError } from "#app/lib/api-client.ts";
import { Button } from "#app/ui/button.tsx";
import { TextAreaField } from "#app/ui/field.tsx";
import { Modal } from "#app/ui/modal/modal.tsx";
import { imageSrc } from "#app/ui/picture.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { formatPoints, formatRub } from "#contract/format.ts";
import { kopecks, points } from "#contract/money.ts";
import { RETURN_REJECT_REASON_MAX_LENGTH, type ReturnStatus } from "#contract/return-rules.ts";
import type { StaffReturn, StaffReturnPage } from "#contract/returns.ts";
import { formatPhoneLabel } from "#contract/format.ts";
import { formatDateTime } from "../format.ts";
import { useRefundDecisions } from "../refunds-api.ts";
import { refusalText } from "../refusal.ts";

type QueueItem = StaffReturnPage["items"][number];

/** A shopper's or staff member's phone as the mask shows it; anything else as it is. */
const shown = (phone: string | null) => (phone ? formatPhoneLabel(phone) : "—");

const badge = (status: ReturnStatus) => `ops-badge refund-badge refund-badge--${status}`;

/** «950 ₽ и 50 баллов», «950 ₽», «50 баллов»; nothing to give back is «ничего». */
export function giveBackText(amount: number, given: number): string {
  const parts = [
    amount > 0 ? formatRub(kopecks(amount)) : "",
    given > 0 ? formatPoints(points(given)) : "",
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" и ") : "ничего";
}

/** The queue: one card per request, newest first. */
export function RefundQueue({ items }: { items: readonly QueueItem[] }) {
  return (
    <ul className="ops-list" aria-label="Заявки на возврат">
      {items.map((request) => (
        <li key={request.id}>
          <QueueCard request={request} />
        </li>
      ))}
    </ul>
  );
}

function QueueCard({ request }: { request: QueueItem }) {
  const titleId = useId();
  return (
    <article className="ops-card" aria-labelledby={titleId}>
      <header className="ops-card__head">
        <h2 id={titleId} className="ops-card__title">
          <Link to={`/admin/refunds/${request.id}`}>Заявка № {request.id}</Link>
        </h2>
        <span className={badge(request.status)}>{request.statusText}</span>
      </header>
      <ul className="refund-items" aria-label="Товары">
        {request.lines.map((line) => (
          <li key={line.lineId}>
            {line.name} <span className="refund-items__qty">× {line.quantity}</span>
          </li>
        ))}
      </ul>
      <dl className="ops-facts">
        <div>
          <dt>Заказ</dt>
          <dd>
            <Link to={`/admin/orders/${request.order.id}`}>№ {request.order.number}</Link>
          </dd>
        </div>
        <div>
          <dt>Покупатель</dt>
          <dd>{shown(request.phone)}</dd>
        </div>
        <div>
          <dt>Причина</dt>
          <dd>{request.reasonText}</dd>
        </div>
        <div>
          <dt>Вернуть</dt>
          <dd>{giveBackText(request.amount, request.points)}</dd>
        </div>
        <div>
          <dt>Отправлена</dt>
          <dd>
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
          </dd>
        </div>
      </dl>
    </article>
  );
}

const MONEY_STATUS_TEXT: Record<NonNullable<StaffReturn["money"]>["status"], string> = {
  pending: "Отправлены в банк, ждём подтверждения",
  done: "Вернулись на карту",
  failed: "Банк не вернул: нужен ручной возврат",
};

/** One request: what goes back and why, its photos and history, and approve / reject while it waits. */
export function RefundDesk({ refund }: { refund: StaffReturn }) {
  return (
    <article aria-labelledby="refund-title">
      <p className="admin-back">
        <Link to="/admin/refunds">← Очередь возвратов</Link>
      </p>
      <div className="admin-order__head">
        <h1 className="admin-title" id="refund-title">
          Заявка на возврат № {refund.id}
        </h1>
        <span className={badge(refund.status)} data-testid="refund-status">
          {refund.statusText}
        </span>
      </div>
      <div className="support-desk refund-desk">
        <div className="refund-desk__main">
          <section className="admin-card" aria-labelledby="refund-lines">
            <h2 id="refund-lines">Товары</h2>
            <ul className="refund-lines">
              {refund.lines.map((line) => (
                <li key={line.lineId} className="refund-lines__line">
                  {line.image ? (
                    <img src={imageSrc(line.image.url, 160)} alt="" width={56} height={56} loading="lazy" />
                  ) : (
                    <span className="refund-lines__blank" aria-hidden="true" />
                  )}
                  <span className="refund-lines__name">{line.name}</span>
                  <span className="refund-lines__sum">
                    {line.quantity} × {formatRub(line.price)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <section className="admin-card" aria-labelledby="refund-why">
            <h2 id="refund-why">Причина</h2>
            <p className="refund-reason">{refund.reasonText}</p>
            <h3 className="admin-subtitle">Комментарий покупателя</h3>
            {refund.comment ? (
              <p className="support-desk__text" data-testid="refund-comment">
                {refund.comment}
              </p>
            ) : (
              <p className="admin-muted">Без комментария</p>
            )}
            <h3 className="admin-subtitle">Фото</h3>
            {refund.photos.length > 0 ? (
              <ul className="support-desk__photos" aria-label="Фото">
                {refund.photos.map((photo, index) => (
                  <li key={photo.id}>
                    <a href={photo.url} target="_blank" rel="noreferrer">
                      <img
                        src={photo.thumbUrl}
                        alt={`Фото ${index + 1}`}
                        width={96}
                        height={96}
                        loading="lazy"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="admin-muted">Покупатель не приложил фото</p>
            )}
          </section>
          <section className="admin-card refund-desk__history" aria-labelledby="refund-history">
            <h2 id="refund-history">История</h2>
            <ol className="admin-history">
              {refund.timeline.map((event, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an append-only list
                <li key={index} className="admin-history__event">
                  <span className="admin-history__what">{event.text}</span>
                  {event.note ? <span className="support-desk__text">«{event.note}»</span> : null}
                  <span className="admin-history__who">
                    <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                  </span>
                </li>
              ))}
            </ol>
          </section>
        </div>
        <aside className="admin-card" aria-label="Заявка">
          <dl className="ops-facts support-desk__facts">
            <div>
              <dt>Покупатель</dt>
              <dd>{shown(refund.shopper.phone)}</dd>
            </div>
            <div>
              <dt>Заказ</dt>
              <dd>
                <Link to={`/admin/orders/${refund.order.id}`}>№ {refund.order.number}</Link>
              </dd>
            </div>
            <div>
              <dt>Отправлена</dt>
              <dd>
                <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time>
              </dd>
            </div>
            <div>
              <dt>Вернуть на карту</dt>
              <dd data-testid="refund-amount">{formatRub(refund.amount)}</dd>
            </div>
            <div>
              <dt>Вернуть баллами</dt>
              <dd data-testid="refund-points">{formatPoints(refund.points)}</dd>
            </div>
            <div>
              <dt>Заказ оплачен картой</dt>
              <dd>{formatRub(refund.paidByCard)}</dd>
            </div>
            <div>
              <dt>Списано баллов</dt>
              <dd>{formatPoints(refund.bonusSpent)}</dd>
            </div>
            {refund.money ? (
              <div>
                <dt>Деньги</dt>
                <dd data-testid="refund-money">{MONEY_STATUS_TEXT[refund.money.status]}</dd>
              </div>
            ) : null}
            {refund.decidedBy ? (
              <div>
                <dt>Решение принял</dt>
                <dd>{shown(refund.decidedBy)}</dd>
              </div>
            ) : null}
          </dl>
          {refund.money?.notice ? (
            <p className="ops-resolution" role="status">
              {refund.money.notice}
            </p>
          ) : null}
          {refund.decisionReason ? (
            <div className="ops-resolution">
              <strong>Причина отказа</strong>
              <p className="support-desk__text" data-testid="refund-decision-reason">
                {refund.decisionReason}
              </p>
            </div>
          ) : null}
          {refund.status === "sent" ? <Decision refund={refund} /> : null}
        </aside>
      </div>
    </article>
  );
}

/** The API's 409: the request was decided or withdrawn since the card was read. */
const decidedMeanwhile = (failure: unknown) => failure instanceof ApiError && failure.status === 409;

/** Approve (after a confirmation with the sum) or reject with a reason the shopper will read. */
function Decision({ refund }: { refund: StaffReturn }) {
  const { approve } = useRefundDecisions(refund.id);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  async function confirm() {
    try {
      await approve.mutateAsync();
      setConfirming(false);
      showToast({
        type: "success",
        title: "Возврат одобрен",
        text: `Заявка № ${refund.id}: покупатель получит SMS`,
      });
    } catch (failure) {
      if (decidedMeanwhile(failure)) {
        // The card is read again (and loses its buttons): the reason goes to a toast.
        setConfirming(false);
        showToast({ type: "error", title: "Не получилось", text: refusalText(failure) });
      } else {
        setError(refusalText(failure));
      }
    }
  }
  return (
    <>
      <div className="ops-actions">
        <Button
          onClick={() => {
            setError(undefined);
            setConfirming(true);
          }}
        >
          Одобрить возврат
        </Button>
      </div>
      {confirming ? (
        <Modal
          open
          size="s"
          onClose={() => setConfirming(false)}
          title={`Вернуть ${giveBackText(refund.amount, refund.points)}?`}
          description="Баллы вернутся на счёт сразу, деньги — на карту через банк. Покупатель получит SMS. Отменить решение нельзя."
          footer={
            <div className="admin-dialog-actions">
              <Button loading={approve.isPending} onClick={confirm}>
                Одобрить возврат
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Не одобрять
              </Button>
            </div>
          }
        >
          {error ? (
            <p className="admin-reasons__error" role="alert">
              {error}
            </p>
          ) : null}
        </Modal>
      ) : null}
      <RejectForm refundId={refund.id} />
    </>
  );
}

function RejectForm({ refundId }: { refundId: number }) {
  const { reject } = useRefundDecisions(refundId);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError("Укажите причину отказа");
      return;
    }
    if (text.length > RETURN_REJECT_REASON_MAX_LENGTH) {
      setError(`Причина длиннее ${RETURN_REJECT_REASON_MAX_LENGTH} символов`);
      return;
    }
    try {
      await reject.mutateAsync(text);
      setReason("");
      showToast({ type: "success", title: "Возврат отклонён", text: "Покупатель получит SMS" });
    } catch (failure) {
      if (decidedMeanwhile(failure)) {
        showToast({ type: "error", title: "Не получилось", text: refusalText(failure) });
      } else {
        setError(refusalText(failure));
      }
    }
  }
  return (
    <form className="ops-form" onSubmit={submit} noValidate aria-label="Отклонить возврат">
      <TextAreaField
        label="Причина отказа"
        hint={`Покупатель увидит её в заявке в личном кабинете. До ${RETURN_REJECT_REASON_MAX_LENGTH} символов`}
        value={reason}
        maxLength={RETURN_REJECT_REASON_MAX_LENGTH}
        rows={3}
        error={error}
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
      />
      <div className="ops-actions">
        <Button type="submit" variant="secondary" loading={reject.isPending}>
          Отклонить
        </Button>
      </div>
    </form>
  );
}
