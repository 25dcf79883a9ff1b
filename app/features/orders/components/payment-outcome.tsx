import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { reportEcommerce } from "#app/lib/analytics/yandex-metrika.ts";
import { postToNative } from "#app/lib/webview-bridge.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { formatPoints, formatRub } from "#contract/format.ts";
import { kopecks, points } from "#contract/money.ts";
import type { Order, PaymentMethod } from "#contract/orders.ts";
import { checkPayment, orderKeys, orderQuery, startPayment } from "../api.ts";
import { purchaseEvent } from "../purchase-event.ts";
import { OrderDelivery, OrderShipments, OrderTotals, paidText } from "./order-parts.tsx";

/** How long the thank-you page waits for the acquirer's word before saying the payment is still being checked. */
const CHECKS = 8;
const CHECK_EVERY_MS = 1_500;

/**
 * The order as the acquirer last said: on arrival the page asks the API to check the payment (GetState,
 * a POST: no GET changes anything), then re-reads the order a few times while the word is awaited.
 */
function useCheckedOrder(orderId: number, checks: number) {
  const queryClient = useQueryClient();
  const { data: order } = useQuery(orderQuery(orderId));
  const [checking, setChecking] = useState(order?.status === "awaiting_payment");
  const started = useRef(false);
  useEffect(() => {
    if (started.current || order?.status !== "awaiting_payment") {
      if (order && order.status !== "awaiting_payment") setChecking(false);
      return;
    }
    started.current = true;
    let stopped = false;
    void (async () => {
      for (let i = 0; i < checks && !stopped; i += 1) {
        const outcome = await checkPayment(orderId).catch(() => undefined);
        if (outcome && outcome.status !== "awaiting_payment") break;
        if (i + 1 < checks) await new Promise((resolve) => setTimeout(resolve, CHECK_EVERY_MS));
      }
      await queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
      if (!stopped) setChecking(false);
    })();
    return () => {
      stopped = true;
    };
  }, [order, orderId, queryClient, checks]);
  return { order, checking };
}

/** Tells Metrika and the app about a paid order once per browser session. */
function useReportPurchase(order: Order | undefined) {
  useEffect(() => {
    if (!order || order.status === "awaiting_payment" || order.status === "cancelled") return;
    const key = `purchase-reported:${order.id}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
    } catch {
      // Storage off: report anyway (a repeat is better than none).
    }
    reportEcommerce("purchase", purchaseEvent(order));
    postToNative({ type: "payment-result", status: "success", orderId: String(order.id) });
  }, [order]);
}

/** `/thank-you`: the order number, what was paid with card and points, the cashback to come, the dates. */
export function ThankYouView({ orderId }: { orderId: number }) {
  const { order, checking } = useCheckedOrder(orderId, CHECKS);
  useReportPurchase(order);
  if (!order) return null;
  const paid = order.status !== "awaiting_payment" && order.status !== "cancelled";
  return (
    <section className="outcome" aria-labelledby="outcome-title">
      <div className={`outcome__badge outcome__badge--${paid ? "success" : "wait"}`} aria-hidden="true">
        {paid ? "✓" : "…"}
      </div>
      <h1 className="page-title" id="outcome-title">
        {paid
          ? "Спасибо! Заказ оплачен"
          : order.status === "cancelled"
            ? "Заказ отменён"
            : checking
              ? "Проверяем оплату…"
              : "Ждём подтверждения оплаты"}
      </h1>
      <p className="outcome__number">
        Заказ <strong>№ {order.number}</strong>
      </p>
      <div role="status" className="outcome__text">
        {paid ? (
          <p>
            {order.paidByCard > 0 ? paidText(order) : "Оплачено баллами"}
            {order.paidByCard > 0 && order.bonusSpent > 0
              ? ` и ${formatPoints(points(order.bonusSpent))}`
              : ""}
            {order.paidByCard === 0 && order.bonusSpent > 0
              ? `: ${formatPoints(points(order.bonusSpent))}`
              : ""}
            .
            {order.cashbackPoints > 0
              ? ` Кешбэк ${formatPoints(points(order.cashbackPoints))} придёт, когда вы получите заказ.`
              : ""}
          </p>
        ) : order.status === "cancelled" ? (
          <p>Время на оплату вышло, и заказ отменён. Товары вернулись в продажу — их можно оформить снова.</p>
        ) : checking ? (
          <p>Банк подтверждает платёж, это займёт несколько секунд.</p>
        ) : (
          <p>
            Банк ещё не подтвердил платёж. Если деньги списались, заказ станет оплаченным в течение нескольких
            минут — статус виден в разделе «Мои заказы».
          </p>
        )}
      </div>
      {paid ? (
        <div className="outcome__card">
          <OrderShipments order={order} />
          <OrderDelivery order={order} />
          <OrderTotals order={order} paid />
        </div>
      ) : null}
      <div className="state-page__actions">
        <Link className="button button--primary button--l" to={`/personal/orders/${order.id}`}>
          К заказу
        </Link>
        <Link className="button button--secondary button--l" to="/">
          Продолжить покупки
        </Link>
      </div>
    </section>
  );
}

/** Why a payment may have failed, said in the words of the way it was paid. */
const FAILURE_REASONS: Record<PaymentMethod, string> = {
  card: "Деньги не списаны. Так бывает, если банк отклонил платёж, на карте не хватило денег или не подошёл код подтверждения.",
  sbp: "Деньги не списаны. Так бывает, если платёж отклонили или не подтвердили в приложении банка.",
  installments:
    "Банк не одобрил оплату частями, деньги не списаны. Можно выбрать другой срок или оплатить картой.",
};

/**
 * `/fail`: why, and the two ways on: pay again (a new payment of the same order, the same way the failed
 * attempt paid: card or SBP) or back to the basket. Another way of paying is a link to the payment step.
 */
export function PaymentFailedView({ orderId, method }: { orderId: number; method: PaymentMethod }) {
  // One check: the acquirer sent the shopper here because the payment failed; it only guards against a
  // payment that went through after all.
  const { order, checking } = useCheckedOrder(orderId, 1);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const reported = useRef(false);
  useEffect(() => {
    if (!order || reported.current || order.status !== "awaiting_payment" || checking) return;
    reported.current = true;
    postToNative({ type: "payment-result", status: "fail", orderId: String(order.id) });
  }, [order, checking]);
  if (!order) return null;
  const paid = order.status !== "awaiting_payment" && order.status !== "cancelled";

  const payAgain = async () => {
    // A declined application is not asked again as it was: the payment step offers another term or way.
    if (method === "installments") {
      void navigate(`/checkout/steps/payment/${order.id}`);
      return;
    }
    setBusy(true);
    try {
      const result = await startPayment(order.id, { method, bonusPoints: order.bonusSpent });
      if (result.kind === "redirect") window.location.assign(result.paymentUrl);
      else window.location.assign(`/thank-you?orderId=${order.id}`);
    } catch (error) {
      setBusy(false);
      showToast({
        type: "error",
        title: "Не удалось открыть оплату",
        text: error instanceof Error ? error.message : "Попробуйте ещё раз",
      });
    }
  };

  if (paid) {
    return (
      <section className="outcome">
        <h1 className="page-title">Заказ уже оплачен</h1>
        <p className="outcome__number">
          Заказ <strong>№ {order.number}</strong>
        </p>
        <div className="state-page__actions">
          <Link className="button button--primary button--l" to={`/thank-you?orderId=${order.id}`}>
            Подробнее о заказе
          </Link>
        </div>
      </section>
    );
  }
  const cancelled = order.status === "cancelled";
  return (
    <section className="outcome" aria-labelledby="outcome-title">
      <div className="outcome__badge outcome__badge--fail" aria-hidden="true">
        !
      </div>
      <h1 className="page-title" id="outcome-title">
        {cancelled ? "Заказ отменён" : "Оплата не прошла"}
      </h1>
      <p className="outcome__number">
        Заказ <strong>№ {order.number}</strong> на {formatRub(kopecks(order.toPay))}
      </p>
      <div role="status" className="outcome__text">
        {cancelled ? (
          <p>Время на оплату вышло. Товары вернулись в продажу, баллы — на ваш счёт.</p>
        ) : (
          <>
            <p>{FAILURE_REASONS[method]}</p>
            <p>
              Заказ ждёт оплаты до{" "}
              {new Intl.DateTimeFormat("ru-RU", {
                hour: "2-digit",
                minute: "2-digit",
                timeZone: "Europe/Moscow",
              }).format(new Date(order.paymentDeadline))}{" "}
              (мск): можно попробовать ещё раз{method === "card" ? ", другую карту" : ""} или{" "}
              <Link to={`/checkout/steps/payment/${order.id}`}>другой способ оплаты</Link>.
            </p>
          </>
        )}
      </div>
      <div className="state-page__actions">
        {cancelled ? null : (
          <button
            type="button"
            className="button button--primary button--l"
            onClick={payAgain}
            disabled={busy || checking}
            aria-busy={busy}
          >
            {busy
              ? "Открываем оплату…"
              : method === "installments"
                ? "Выбрать другой способ"
                : "Оплатить ещё раз"}
          </button>
        )}
        <Link className="button button--secondary button--l" to="/basket">
          Вернуться в корзину
        </Link>
      </div>
    </section>
  );
}
