import { useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { failureMessage } from "#app/lib/form-errors.ts";
import { useTheme } from "#app/lib/theme.ts";
import { Button } from "#app/ui/button.tsx";
import { cx } from "#app/ui/class-names.ts";
import { formatPhone } from "#app/ui/phone-mask.ts";
import { courierDetails, DELIVERY_TYPE_LABELS } from "#contract/address-book.ts";
import { formatRub } from "#contract/format.ts";
import {
  defaultInstallmentTerm,
  installmentOffer,
  installmentSchedule,
  installmentTerms,
} from "#contract/installments.ts";
import { points as asPoints, kopecks } from "#contract/money.ts";
import type { PaymentMethod } from "#contract/orders.ts";
import { bonusQuery, type Order, orderQuery, useStartPayment } from "../api.ts";
import { BonusSpend } from "./bonus-spend.tsx";
import { CheckoutSteps } from "./checkout-steps.tsx";
import { InstallmentChoice } from "./installment-choice.tsx";
import { OrderSummary, SummaryBar, type SummaryFigures } from "./order-summary.tsx";
import { Shipments } from "./shipments.tsx";

const MOSCOW_TIME = new Intl.DateTimeFormat("ru-RU", {
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Moscow",
});
const DAY_MONTH = new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", timeZone: "UTC" });
const WEEKDAY = new Intl.DateTimeFormat("ru-RU", { weekday: "short", timeZone: "UTC" });

function dayText(date: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAY.format(at)}, ${DAY_MONTH.format(at)}`;
}

const METHODS: { id: PaymentMethod; title: string; text: string }[] = [
  { id: "card", title: "Банковской картой", text: "Visa, Mastercard, МИР — на защищённой странице банка" },
  { id: "sbp", title: "СБП", text: "Через приложение банка по QR-коду" },
];

/**
 * «Оплата частями» (ADR 062) among the methods when the order's goods and sum allow it: last in alfa, and
 * in halva named for the Halva card's installments, listed first and chosen from the start.
 */
function methodsFor(
  theme: "alfa" | "halva",
  installments: { months: number; monthly: number } | null,
  smallest: number,
): { id: PaymentMethod; title: string; text: string }[] {
  if (!installments) return METHODS;
  const monthly = `от ${formatRub(kopecks(smallest))} в месяц`;
  if (theme === "halva") {
    return [
      {
        id: "installments",
        title: `Халва 0\u00a0% — ${installments.months} мес без переплаты`,
        text: `${monthly}, рассрочка по карте Халва`,
      },
      ...METHODS,
    ];
  }
  return [
    ...METHODS,
    { id: "installments", title: "Оплата частями", text: `${monthly}, 0\u00a0% переплаты` },
  ];
}

/**
 * The payment step (/checkout/steps/payment/{id}): the order as placed, points to spend, card or SBP, and
 * «Оплатить N ₽», which starts a payment and goes to the acquirer's page (or, paid fully with points, to
 * /thank-you). A cancelled order says why and offers the basket.
 */
export function PaymentScreen({ orderId }: { orderId: number }) {
  const { data: order } = useSuspenseQuery(orderQuery(orderId));
  // The order is cancelled when its time runs out: the page says so without a reload.
  const deadline = Date.parse(order.paymentDeadline);
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const left = deadline - Date.now();
    if (left <= 0) {
      setExpired(true);
      return;
    }
    const timer = setTimeout(() => setExpired(true), Math.min(left, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [deadline]);
  if (order.status === "cancelled" || expired) return <CancelledOrder number={order.number} />;
  return <PaymentForm order={order} />;
}

function CancelledOrder({ number }: { number: string }) {
  return (
    <div className="co-page">
      <CheckoutSteps current="payment" />
      <section className="co-card co-cancelled">
        <h1 className="page-title">
          Заказ <span className="co-order-number">№ {number}</span> отменён
        </h1>
        <p>
          Заказ не оплатили вовремя, и мы его отменили: товары вернулись в продажу, баллы — на счёт. Если они
          ещё нужны, оформите заказ снова из корзины.
        </p>
        <Button href="/basket">Вернуться в корзину</Button>
      </section>
    </div>
  );
}

function PaymentForm({ order }: { order: Order }) {
  const navigate = useNavigate();
  const orderId = order.id;
  const deadline = Date.parse(order.paymentDeadline);
  const { data: bonus } = useSuspenseQuery(bonusQuery(orderId));
  const [points, setPoints] = useState<number | undefined>(bonus.applied);
  const [bonusProblem, setBonusProblem] = useState<string | undefined>();
  const theme = useTheme();
  const [chosen, setMethod] = useState<PaymentMethod | undefined>();
  const [chosenMonths, setMonths] = useState<number | undefined>();
  const [error, setError] = useState<string | undefined>();
  const errorRef = useRef<HTMLParagraphElement>(null);
  const start = useStartPayment(orderId);

  const spend = points ?? 0;
  const before = order.toPay + order.bonusSpent * 100;
  const toPay = kopecks(Math.max(0, before - spend * 100));
  // The order's figures are plain numbers in its answer until the order's view brands them (ADR 046).
  const figures: SummaryFigures = {
    quantity: order.shipments.reduce((n, s) => n + s.lines.reduce((m, l) => m + l.quantity, 0), 0),
    goods: kopecks(order.goodsTotal + order.discountTotal),
    discount: kopecks(order.discountTotal),
    delivery: kopecks(order.deliveryTotal),
    bonus: asPoints(spend),
    cashbackPoints: asPoints(order.cashbackPoints),
    toPay,
  };
  const byPoints = toPay === 0;
  // Installments follow the sum left after points: the terms on offer, the one chosen (or the default).
  const terms = order.installmentsEligible ? installmentTerms(toPay) : [];
  const months =
    chosenMonths !== undefined && terms.includes(chosenMonths as never)
      ? chosenMonths
      : (defaultInstallmentTerm(toPay) ?? undefined);
  const plan = months !== undefined && terms.length > 0 ? installmentSchedule(toPay, months) : null;
  const methods = methodsFor(theme, plan, installmentOffer(toPay)?.monthly ?? 0);
  // Halva's shop leads with Halva: chosen until the shopper picks another way.
  const preferred: PaymentMethod = theme === "halva" && plan ? "installments" : "card";
  const method: PaymentMethod = chosen === "installments" && !plan ? "card" : (chosen ?? preferred);

  const pay = async () => {
    if (bonusProblem) {
      setError(bonusProblem);
      requestAnimationFrame(() => errorRef.current?.focus());
      return;
    }
    setError(undefined);
    try {
      const result = await start.mutateAsync({
        method,
        bonusPoints: spend,
        ...(method === "installments" && months !== undefined ? { installmentMonths: months } : {}),
      });
      if (result.kind === "redirect") {
        window.location.assign(result.paymentUrl);
        // Stays busy while the browser leaves.
        await new Promise(() => undefined);
      } else {
        navigate(`/thank-you?orderId=${result.orderId}`);
      }
    } catch (failure) {
      setError(failureMessage(failure));
      requestAnimationFrame(() => errorRef.current?.focus());
    }
  };

  const action = (
    <Button fullWidth size="l" onClick={pay}>
      {byPoints
        ? "Оплатить баллами"
        : method === "installments"
          ? theme === "halva"
            ? "Оплатить Халвой 0\u00a0%"
            : "Оплатить частями"
          : `Оплатить ${formatRub(toPay)}`}
    </Button>
  );
  const d = order.delivery;
  const details = courierDetails(d);

  return (
    <div className="co-page">
      <CheckoutSteps current="payment" backToDelivery={false} />
      <h1 className="page-title co-page__title">
        Оплата заказа <span className="co-order-number">№ {order.number}</span>
      </h1>
      <p className="co-deadline" role="note">
        Оплатите до {MOSCOW_TIME.format(new Date(deadline))} (мск), иначе заказ отменится
      </p>
      <div className="co-layout">
        <div className="co-main">
          <section className="co-card" aria-labelledby="co-place-title">
            <h2 className="co-card__title" id="co-place-title">
              {DELIVERY_TYPE_LABELS[d.type]}
            </h2>
            <dl className="co-facts">
              <div>
                <dt>{d.type === "pickup" ? "Где забрать" : "Адрес"}</dt>
                <dd>
                  {d.pointName ? `${d.pointName}, ` : ""}
                  {d.city}, {d.address}
                  {details ? `, ${details}` : ""}
                </dd>
              </div>
              {d.slot ? (
                <div>
                  <dt>Когда</dt>
                  <dd>
                    {dayText(d.slot.date)}, {String(d.slot.startsHour).padStart(2, "0")}:00–
                    {String(d.slot.endsHour).padStart(2, "0")}:00
                  </dd>
                </div>
              ) : null}
              {d.hours ? (
                <div>
                  <dt>Часы работы</dt>
                  <dd>{d.hours}</dd>
                </div>
              ) : null}
              <div>
                <dt>Получатель</dt>
                <dd>
                  {[order.recipient.surname, order.recipient.name, order.recipient.patronymic]
                    .filter(Boolean)
                    .join(" ")}
                  , {formatPhone(order.recipient.phone)}
                </dd>
              </div>
            </dl>
          </section>
          <Shipments
            shipments={order.shipments.map((s) => ({
              key: String(s.seller.id),
              sellerName: s.seller.name,
              dateText: `Доставим ${dayText(s.deliveryDate)}`,
              lines: s.lines.map((l) => ({
                productId: l.productId,
                name: l.name,
                quantity: l.quantity,
                image: l.image,
              })),
            }))}
          />
          <BonusSpend
            balance={bonus.balance}
            limits={{ min: bonus.min, max: bonus.max }}
            points={points}
            onChange={(value, problem) => {
              setPoints(value);
              setBonusProblem(problem);
              // The summary's message was about the points: the field says what is wrong now.
              setError(undefined);
            }}
          />
          <section className="co-card" aria-labelledby="co-method-title">
            <h2 className="co-card__title" id="co-method-title">
              Способ оплаты
            </h2>
            {byPoints ? (
              <p className="co-muted">Заказ оплачивается баллами полностью — карта не нужна.</p>
            ) : (
              <fieldset className="co-fieldset">
                <legend className="co-visually-hidden">Как оплатить</legend>
                <div className="co-methods">
                  {methods.map((m) => (
                    <label key={m.id} className={cx("co-method", method === m.id && "co-method--on")}>
                      <input
                        type="radio"
                        name="payment-method"
                        value={m.id}
                        checked={method === m.id}
                        onChange={() => setMethod(m.id)}
                      />
                      <span className="co-option__body">
                        <span className="co-option__title">{m.title}</span>
                        <span className="co-option__text">{m.text}</span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
            {!byPoints && method === "installments" && months !== undefined ? (
              <InstallmentChoice amount={toPay} terms={terms} months={months} onChange={setMonths} />
            ) : null}
          </section>
        </div>
        <OrderSummary
          figures={figures}
          action={action}
          note={
            <>
              {error ? (
                <p className="co-error" role="alert" tabIndex={-1} ref={errorRef}>
                  {error}
                </p>
              ) : null}
              <p className="co-muted">
                Изменить состав заказа можно в <Link to="/basket">корзине</Link>.
              </p>
            </>
          }
        />
      </div>
      <SummaryBar toPay={toPay} action={action} />
    </div>
  );
}
