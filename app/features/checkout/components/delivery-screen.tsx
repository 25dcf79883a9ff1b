import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  addressesQuery,
  type RecipientFieldsHandle,
  recipientsQuery,
  useAddressMutations,
} from "#app/features/address-book/index.ts";
import { basketKeys } from "#app/features/basket/index.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { failureMessage } from "#app/lib/form-errors.ts";
import { Button } from "#app/ui/button.tsx";
import { cx } from "#app/ui/class-names.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { DELIVERY_TYPE_LABELS, type DeliveryType } from "#contract/address-book.ts";
import { kopecks } from "#contract/money.ts";
import type { LineProblem, SlotChoice } from "#contract/orders.ts";
import { basketQuery, checkoutKeys, shopperQuery, useDeliveryTypeMutation, usePlaceOrder } from "../api.ts";
import { checkoutKey, LINE_PROBLEMS_STORAGE_KEY } from "../checkout-key.ts";
import { chooseRecipient, type RecipientChoice, recipientOptions } from "../recipient-choice.ts";
import { CheckoutSteps } from "./checkout-steps.tsx";
import { CourierPanel } from "./courier-panel.tsx";
import { OrderSummary, SummaryBar, type SummaryFigures } from "./order-summary.tsx";
import { PickupPanel } from "./pickup-panel.tsx";
import { RecipientPanel } from "./recipient-panel.tsx";
import { Shipments } from "./shipments.tsx";

/** The server's own words for a placement without a recipient who can receive it (`recipient_required`). */
const RECIPIENT_REQUIRED = "Укажите получателя: фамилию, имя и телефон";

/**
 * The delivery step (/checkout/steps/delivery): courier or pickup, the address or point, the window, the
 * recipient, the shipments by seller with their dates, and the sums; «Перейти к оплате» places the order
 * from the selected lines as shown and goes to its payment step.
 */
export function DeliveryScreen({ cityCenter }: { cityCenter: { latitude: number; longitude: number } }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: basket } = useSuspenseQuery(basketQuery());
  const { data: shopper } = useSuspenseQuery(shopperQuery());
  const { data: book } = useSuspenseQuery(addressesQuery());
  const recipients = useQuery(recipientsQuery()).data?.items ?? [];
  const addressMutations = useAddressMutations();
  const typeMutation = useDeliveryTypeMutation();
  const placeOrder = usePlaceOrder();
  // Not `useId`: the step is a personal part, rendered alone on the server (ADR 074).
  const errorId = "co-delivery-error";
  const errorRef = useRef<HTMLParagraphElement>(null);

  const city = basket.city;
  const inCity = book.items.filter((a) => a.city?.id === city.id);
  const courierAddresses = inCity.filter((a) => a.type === "courier");
  const pickupAddresses = inCity.filter((a) => a.type === "pickup");

  const [type, setType] = useState<DeliveryType>(book.deliveryType);
  const [courierId, setCourierId] = useState<number | null>(
    (courierAddresses.find((a) => a.selected) ?? courierAddresses[0])?.id ?? null,
  );
  const [pickupId, setPickupId] = useState<number | null>(
    (pickupAddresses.find((a) => a.selected) ?? pickupAddresses[0])?.id ?? null,
  );
  const [slot, setSlot] = useState<SlotChoice | undefined>();
  const [recipient, setRecipient] = useState<RecipientChoice | undefined>();
  // Set when the server refused «Я» (`recipient_required`): the card asks for the name, whatever it thought.
  const [recipientRefused, setRecipientRefused] = useState<string | undefined>();
  const recipientOffer = recipientOptions(shopper, recipients, recipientRefused !== undefined);
  const recipientChoice = chooseRecipient(recipient, recipientOffer, recipients);
  const recipientFields = useRef<RecipientFieldsHandle>(null);
  const [savingRecipient, setSavingRecipient] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // Set with an error that the shopper resolves elsewhere (their unpaid orders).
  const [errorLeadsToOrders, setErrorLeadsToOrders] = useState(false);

  const selectedLines = useMemo(
    () => basket.shipments.flatMap((s) => s.lines.filter((line) => line.selected && line.buyable)),
    [basket],
  );
  const sellerIds = useMemo(
    () =>
      basket.shipments
        .filter((s) => s.lines.some((l) => l.selected && l.buyable))
        .map((s) => s.seller.id)
        .join(","),
    [basket],
  );
  const shipments = basket.shipments
    .map((s) => ({ ...s, lines: s.lines.filter((l) => l.selected && l.buyable) }))
    .filter((s) => s.lines.length > 0)
    .map((s) => ({
      key: String(s.seller.id),
      sellerName: s.seller.name,
      dateText: s.deliveryText,
      lines: s.lines.map((l) => ({
        productId: l.productId,
        name: l.product.name,
        quantity: l.quantity,
        image: l.product.image,
      })),
    }));
  const delivery = type === "pickup" ? kopecks(0) : basket.totals.delivery;
  const figures: SummaryFigures = {
    quantity: basket.totals.quantity,
    goods: basket.totals.goods,
    discount: basket.totals.discount,
    delivery,
    cashbackPoints: basket.totals.cashbackPoints,
    toPay: kopecks(basket.totals.toPay - basket.totals.delivery + delivery),
  };

  const switchType = (next: DeliveryType) => {
    setType(next);
    setError(undefined);
    typeMutation.mutate(next);
  };

  const selectCourier = useCallback(
    (id: number | null) => {
      setCourierId(id);
      setError(undefined);
      return id === null ? undefined : addressMutations.select.mutateAsync(id).catch(() => undefined);
    },
    [addressMutations.select],
  );

  const chooseSlot = useCallback((next: SlotChoice) => {
    setSlot(next);
    setError(undefined);
  }, []);

  const createCourier = async (body: {
    address: string;
    entrance: string;
    floor: string;
    flat: string;
    intercom: string;
    comment: string;
    latitude: number;
    longitude: number;
  }) => {
    const created = await addressMutations.create.mutateAsync({
      type: "courier",
      cityId: city.id,
      ...body,
      selected: true,
    });
    setCourierId(created.id);
    showToast({ type: "success", title: "Адрес сохранён", group: "checkout" });
    return created;
  };

  const choosePoint = async (pointId: number) => {
    try {
      const existing = pickupAddresses.find((a) => a.pickupPoint?.id === pointId);
      const address = existing
        ? await addressMutations.select.mutateAsync(existing.id)
        : await addressMutations.create.mutateAsync({
            type: "pickup",
            pickupPointId: pointId,
            selected: true,
          });
      setPickupId(address.id);
      setError(undefined);
      showToast({ type: "success", title: "Пункт выдачи выбран", group: "checkout" });
    } catch (failure) {
      showToast({
        type: "error",
        title: "Пункт не выбран",
        text: failureMessage(failure),
        group: "checkout",
      });
    }
  };

  const fail = (message: string, leadsToOrders = false) => {
    setError(message);
    setErrorLeadsToOrders(leadsToOrders);
    requestAnimationFrame(() => errorRef.current?.focus());
  };

  /**
   * The recipient this order goes to: a saved one, «Я» as the profile has it (undefined), or — when «Я» has
   * no name — the name typed in the recipient card, saved as a recipient first. Null when the card's fields
   * are wrong: they say why and hold the focus.
   */
  const recipientForOrder = async (): Promise<number | undefined | null> => {
    if (recipientChoice !== "self") return recipientChoice;
    if (recipientOffer.selfReady) return undefined;
    const fields = recipientFields.current;
    if (!fields) {
      // The fields' code is still on its way: nothing typed yet.
      fail(RECIPIENT_REQUIRED);
      return null;
    }
    setSavingRecipient(true);
    try {
      const saved = await fields.save();
      if (!saved) return null;
      setRecipient(saved.id);
      setRecipientRefused(undefined);
      return saved.id;
    } finally {
      setSavingRecipient(false);
    }
  };

  const submit = async () => {
    const addressId = type === "courier" ? courierId : pickupId;
    if (addressId === null) {
      fail(type === "courier" ? "Выберите адрес доставки" : "Выберите пункт выдачи");
      return;
    }
    if (type === "courier" && !slot) {
      fail("Выберите интервал доставки");
      return;
    }
    setError(undefined);
    const recipientId = await recipientForOrder();
    if (recipientId === null) return;
    try {
      const placement = {
        basketVersion: basket.version,
        expectedLines: selectedLines.map((l) => ({
          productId: l.productId,
          quantity: l.quantity,
          price: l.price,
        })),
        deliveryType: type,
        addressId,
        ...(type === "courier" && slot ? { slot } : {}),
        ...(recipientId === undefined ? {} : { recipientId }),
        bonusPoints: 0,
      };
      const order = await placeOrder.mutateAsync({ checkoutKey: checkoutKey(placement), ...placement });
      // Whatever an earlier try refused is settled now.
      sessionStorage.removeItem(LINE_PROBLEMS_STORAGE_KEY);
      navigate(`/checkout/steps/payment/${order.id}`);
    } catch (failure) {
      if (failure instanceof ApiError && failure.body?.code === "recipient_required") {
        // The profile lost its name meanwhile (or never had it): the card asks for it and takes the focus.
        setRecipient("self");
        setRecipientRefused(failure.body.message || RECIPIENT_REQUIRED);
        void queryClient.invalidateQueries({ queryKey: checkoutKeys.shopper() });
        return;
      }
      if (failure instanceof ApiError && failure.status === 409) {
        const body = failure.body as (typeof failure.body & { lines?: LineProblem[] }) | undefined;
        if (body?.code === "order_lines_changed") {
          // Back to the basket, which shows each line's problem (and reads them again after a reload).
          sessionStorage.setItem(LINE_PROBLEMS_STORAGE_KEY, JSON.stringify(body.lines ?? []));
          navigate("/basket", { state: { lineProblems: body.lines ?? [] } });
          return;
        }
        if (body?.code === "slot_full") setSlot(undefined);
        // Changed in another tab: the step shows the basket as it is now, and the next try places that.
        if (body?.code === "basket_changed")
          void queryClient.invalidateQueries({ queryKey: basketKeys.detail() });
        if (body?.code === "too_many_unpaid_orders") {
          fail(failureMessage(failure), true);
          return;
        }
      }
      fail(failureMessage(failure));
    }
  };

  const action = (
    <Button
      fullWidth
      size="l"
      onClick={submit}
      loading={savingRecipient || placeOrder.isPending || placeOrder.isSuccess}
    >
      Перейти к оплате
    </Button>
  );

  return (
    <div className="co-page">
      <CheckoutSteps current="delivery" />
      <h1 className="page-title co-page__title">Оформление заказа</h1>
      <div className="co-layout">
        <div className="co-main">
          <section className="co-card" aria-labelledby="co-delivery-title">
            <h2 className="co-card__title" id="co-delivery-title">
              Способ получения
            </h2>
            <fieldset className="co-fieldset">
              <legend className="co-visually-hidden">Как получить заказ</legend>
              <div className="co-switch">
                {(["courier", "pickup"] as const).map((t) => (
                  <label key={t} className={cx("co-switch__item", type === t && "co-switch__item--on")}>
                    <input
                      type="radio"
                      name="delivery-type"
                      value={t}
                      checked={type === t}
                      onChange={() => switchType(t)}
                      className="co-visually-hidden"
                    />
                    <span className="co-switch__title">{DELIVERY_TYPE_LABELS[t]}</span>
                    <span className="co-switch__text">
                      {t === "courier"
                        ? basket.totals.delivery === 0
                          ? "Бесплатно"
                          : "До двери, в удобный интервал"
                        : "Бесплатно"}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <p className="co-muted co-city">Город доставки: {city.name}</p>
            {type === "courier" ? (
              <CourierPanel
                city={{ ...city, ...cityCenter }}
                addresses={courierAddresses}
                selectedId={courierId}
                onSelect={selectCourier}
                onCreate={createCourier}
                sellerIds={sellerIds}
                slot={slot}
                onSlot={chooseSlot}
              />
            ) : (
              <PickupPanel
                city={{ ...city, ...cityCenter }}
                sellerIds={sellerIds}
                chosenPointId={pickupAddresses.find((a) => a.id === pickupId)?.pickupPoint?.id ?? null}
                onChoose={choosePoint}
              />
            )}
          </section>
          <RecipientPanel
            self={{ name: [shopper.surname, shopper.name].filter(Boolean).join(" "), phone: shopper.phone }}
            options={recipientOffer}
            recipients={recipients}
            value={recipientChoice}
            onChange={setRecipient}
            fieldsRef={recipientFields}
            problem={recipientRefused}
          />
          <Shipments shipments={shipments} />
        </div>
        <OrderSummary
          figures={figures}
          action={action}
          note={
            <>
              {error ? (
                <p className="co-error" id={errorId} role="alert" tabIndex={-1} ref={errorRef}>
                  {error}
                  {errorLeadsToOrders ? (
                    <>
                      {" "}
                      <Link to="/personal/orders">Перейти к заказам</Link>
                    </>
                  ) : null}
                </p>
              ) : null}
              <p className="co-muted">
                Нажимая кнопку, вы соглашаетесь с условиями покупки. Оплата — на следующем шаге.
              </p>
            </>
          }
        />
      </div>
      <SummaryBar toPay={figures.toPay} action={action} />
    </div>
  );
}
