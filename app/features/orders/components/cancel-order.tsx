import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ApiError, getApi, unwrap } from "#app/lib/api-client.ts";
import { Button } from "#app/ui/button.tsx";
import { Modal } from "#app/ui/modal/modal.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { SHOPPER_CANCEL_REASONS, type ShopperCancelReason } from "#contract/cancellation-rules.ts";
import { formatRub } from "#contract/format.ts";
import { kopecks } from "#contract/money.ts";
import type { Order } from "#contract/orders.ts";
import { orderKeys } from "../api.ts";

// «Отменить заказ» / «Отменить отправление» (issue 20, point 3; ADR 054): a confirmation with the reason from
// the dictionary, then a toast saying what comes back and when.

const REASONS = Object.entries(SHOPPER_CANCEL_REASONS) as [ShopperCancelReason, string][];

/** What the toast says comes back, from the refund the cancellation made. */
function refundText(order: Order, before: number): string {
  const refund = order.refunds.length > before ? order.refunds.at(-1) : undefined;
  const parts: string[] = [];
  if (refund && refund.amount > 0)
    parts.push(`${formatRub(kopecks(refund.amount))} вернём на карту за 1–10 рабочих дней`);
  if (refund && refund.points > 0) parts.push(`${refund.points} баллов уже на счёте`);
  return parts.length > 0 ? `${parts.join(", ")}.` : "Товары вернулись в продажу.";
}

/**
 * The button and its dialog. Without `shipmentId` it cancels the whole order; with it, one parcel. The
 * server decides whether it may (it answers 409 with the reason when the parcel has left meanwhile).
 */
export function CancelOrderButton({ order, shipmentId }: { order: Order; shipmentId?: number }) {
  const queries = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ShopperCancelReason | "">("");
  const [error, setError] = useState("");
  const id = useId();
  const whole = shipmentId === undefined;
  const label = whole ? "Отменить заказ" : "Отменить отправление";

  const close = () => {
    setOpen(false);
    setError("");
  };

  const confirm = async () => {
    if (!reason) {
      setError("Выберите причину отмены");
      return;
    }
    try {
      const updated = await unwrap(
        getApi().v1.orders[":id"].cancel.$post({
          param: { id: String(order.id) },
          json: { reason, ...(whole ? {} : { shipmentId }) },
        }),
      );
      queries.setQueryData(orderKeys.detail(order.id), updated);
      void queries.invalidateQueries({ queryKey: orderKeys.lists() });
      void queries.invalidateQueries({ queryKey: orderKeys.balance() });
      close();
      showToast({
        type: "success",
        title: whole ? "Заказ отменён" : "Отправление отменено",
        text: refundText(updated, order.refunds.length),
      });
    } catch (err) {
      setError(
        err instanceof ApiError ? err.message : "Не удалось отменить: проверьте связь и попробуйте ещё раз",
      );
      if (err instanceof ApiError && err.status === 409) {
        void queries.invalidateQueries({ queryKey: orderKeys.detail(order.id) });
      }
    }
  };

  return (
    <>
      <Button variant="secondary" className="order-cancel__open" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal
        open={open}
        onClose={close}
        size="m"
        title={whole ? `Отменить заказ № ${order.number}?` : "Отменить это отправление?"}
        description={
          order.status === "awaiting_payment"
            ? "Товары вернутся в продажу, списанные баллы — на ваш счёт."
            : "Деньги за отменённые товары вернём на карту, которой вы платили, баллы — на счёт."
        }
        footer={
          <div className="order-cancel__actions">
            <Button variant="secondary" size="l" onClick={close} data-autofocus>
              Не отменять
            </Button>
            <Button size="l" onClick={confirm}>
              Да, отменить
            </Button>
          </div>
        }
      >
        <fieldset className="order-cancel__reasons" aria-describedby={error ? `${id}-error` : undefined}>
          <legend className="order-cancel__legend">Причина отмены</legend>
          {REASONS.map(([code, text]) => (
            <label key={code} className="order-cancel__reason">
              <input
                type="radio"
                name={`${id}-reason`}
                value={code}
                checked={reason === code}
                onChange={() => {
                  setReason(code);
                  setError("");
                }}
              />
              <span>{text}</span>
            </label>
          ))}
        </fieldset>
        {error ? (
          <p className="order-cancel__error" id={`${id}-error`} role="alert">
            {error}
          </p>
        ) : null}
      </Modal>
    </>
  );
}

/** Money and points coming back for parcels called off: the spec's sent and cancelled outcomes. */
export function OrderRefunds({ order }: { order: Order }) {
  if (order.refunds.length === 0) return null;
  return (
    <ul className="order-refunds">
      {order.refunds.map((refund) => (
        <li key={refund.id} className={`order-refund order-refund--${refund.status}`}>
          <span className="order-refund__status">{refund.statusText}</span>
          <span className="order-refund__what">
            {[
              refund.amount > 0 ? `${formatRub(kopecks(refund.amount))} на карту` : "",
              refund.points > 0 ? `${refund.points} баллов на счёт` : "",
            ]
              .filter(Boolean)
              .join(" и ")}
          </span>
          {refund.status === "failed" ? (
            <span className="order-refund__note">Банк не ответил вовремя — мы вернём деньги вручную.</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
