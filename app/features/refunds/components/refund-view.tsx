import { useState } from "react";
import { Link } from "react-router";
import { MessagePhotos } from "#app/features/uploads/index.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { formatDate } from "#app/lib/format.ts";
import { Button } from "#app/ui/button.tsx";
import { Modal } from "#app/ui/modal/modal.tsx";
import { imageSrc } from "#app/ui/picture.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { formatRub } from "#contract/format.ts";
import type { ReturnRequest } from "#contract/returns.ts";
import { useCancelRefund } from "../api.ts";
import { refundSum } from "./refund-list.tsx";

/** What happens next, by status: what the shopper does and when the money comes. */
function nextStep(request: ReturnRequest): string {
  switch (request.status) {
    case "sent":
      return "Отнесите товар в любой пункт выдачи Витрины и назовите номер заявки — это бесплатно. Продавец проверит товар, и мы сообщим решение по SMS.";
    case "approved":
      return `${request.points > 0 ? "Баллы уже на счёте. " : ""}Деньги вернутся на карту, которой вы платили, в течение 10 дней — срок зависит от банка.`;
    case "refunded":
      return request.amount > 0
        ? `Деньги вернулись на карту, которой вы платили${request.points > 0 ? ", баллы — на бонусный счёт" : ""}.`
        : "Баллы вернулись на бонусный счёт.";
    case "rejected":
      return "Если вы не согласны с решением, напишите в поддержку — разберёмся.";
    case "cancelled":
      return "Заявка отменена. Если передумаете, оформите возврат заново из карточки заказа, пока не истёк срок.";
  }
}

function WithdrawButton({ id }: { id: number }) {
  const cancel = useCancelRefund(id);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState("");
  const confirm = async () => {
    try {
      await cancel.mutateAsync();
      setOpen(false);
      showToast({ type: "success", title: "Заявка отменена" });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Не удалось отменить: попробуйте ещё раз");
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Отменить заявку
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        size="s"
        title="Отменить заявку на возврат?"
        description="Товар останется у вас. Оформить возврат снова можно, пока не истёк срок."
        footer={
          <div className="refund-actions">
            <Button variant="secondary" size="l" onClick={() => setOpen(false)} data-autofocus>
              Не отменять
            </Button>
            <Button size="l" loading={cancel.isPending} onClick={confirm}>
              Да, отменить
            </Button>
          </div>
        }
      >
        {error ? (
          <p className="refund-form__error" role="alert">
            {error}
          </p>
        ) : null}
      </Modal>
    </>
  );
}

/** One return request: its goods, reason, photos, what comes back, the money's way and its history. */
export function RefundView({ request }: { request: ReturnRequest }) {
  return (
    <article className="refund-page" aria-labelledby="refund-title">
      <p className="refund-page__back">
        <Link to="/personal/refunds">← Все возвраты</Link>
      </p>
      <div className="refund-page__head">
        <h1 className="page-title" id="refund-title">
          Возврат № {request.id}
        </h1>
        <span className={`refund-status refund-status--${request.status}`}>{request.statusText}</span>
      </div>
      <p className="refund-page__facts">
        <Link to={`/personal/orders/${request.order.id}`}>Заказ № {request.order.number}</Link>
        {" · от "}
        {formatDate(request.createdAt)}
      </p>
      {request.money?.notice ? (
        <p
          className={`refund-notice refund-notice--${request.money.status === "failed" || request.money.error === "error" ? "error" : "wait"}`}
          role="status"
        >
          {request.money.notice}
        </p>
      ) : null}
      <p className="refund-page__next">{nextStep(request)}</p>
      {request.status === "rejected" && request.decisionReason ? (
        <p className="refund-notice refund-notice--error">
          <strong>Причина отказа:</strong> {request.decisionReason}
        </p>
      ) : null}
      <div className="refund-page__grid">
        <section className="refund-page__card" aria-label="Товары">
          <h2 className="refund-page__subtitle">Товары</h2>
          <ul className="refund-lines">
            {request.lines.map((l) => (
              <li key={l.lineId} className="refund-line">
                {l.image ? (
                  <img src={imageSrc(l.image.url, 160)} alt="" width={64} height={64} loading="lazy" />
                ) : null}
                <span className="refund-line__text">
                  <Link to={`/product/${l.productId}`}>{l.name}</Link>
                  <span className="refund-line__qty">
                    {l.quantity} шт. × {formatRub(l.price)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <dl className="refund-facts">
            <div>
              <dt>Причина</dt>
              <dd>{request.reasonText}</dd>
            </div>
            {request.comment ? (
              <div>
                <dt>Комментарий</dt>
                <dd className="refund-facts__comment">{request.comment}</dd>
              </div>
            ) : null}
          </dl>
          <MessagePhotos photos={request.photos} />
        </section>
        <aside className="refund-page__side">
          <section className="refund-page__card" aria-label="Сумма">
            <h2 className="refund-page__subtitle">К возврату</h2>
            <p className="refund-page__sum">{refundSum(request)}</p>
            <p className="refund-page__hint">
              Деньги — на карту, которой вы платили; баллы, которыми оплатили часть заказа, — на бонусный
              счёт.
            </p>
          </section>
          <section className="refund-page__card" aria-labelledby="refund-history">
            <h2 className="refund-page__subtitle" id="refund-history">
              История
            </h2>
            <ol className="refund-timeline">
              {request.timeline.map((event) => (
                <li key={`${event.status}-${event.at}`}>
                  <span className="refund-timeline__text">{event.text}</span>
                  <time className="refund-timeline__at" dateTime={event.at}>
                    {formatDate(event.at)}
                  </time>
                  {event.note ? <span className="refund-timeline__note">{event.note}</span> : null}
                </li>
              ))}
            </ol>
          </section>
          {request.cancellable ? <WithdrawButton id={request.id} /> : null}
        </aside>
      </div>
    </article>
  );
}
