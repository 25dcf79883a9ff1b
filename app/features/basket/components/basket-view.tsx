import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { useSignedIn, useSignedInHint } from "#app/features/account/index.ts";
import { HeartIcon } from "#app/ui/icons.tsx";
import { imageSrc } from "#app/ui/picture.tsx";
import type { Basket, BasketLine, BasketShipment } from "#contract/basket.ts";
import { formatCount, formatPoints, formatRub } from "#contract/format.ts";
import { productUrl } from "#contract/urls.ts";
import { addToBasket, basketQuery, changeBasket, removeFromBasket, setBasketQuantity } from "../api.ts";
import { basketErrorToast } from "./basket-button.tsx";
import { BasketInstallments } from "./basket-installments.tsx";
import { QuantityStepper } from "./quantity-stepper.tsx";

/** Where «Оформить» leads: the delivery step, through sign-in when signed out (ADR 034). */
export const CHECKOUT_PATH = "/checkout/steps/delivery";
export const checkoutHref = (signedIn: boolean) =>
  signedIn ? CHECKOUT_PATH : `/auth?redirectTo=${encodeURIComponent(CHECKOUT_PATH)}`;

/**
 * The basket page: lines grouped by seller with the seller's delivery date, a checkbox per line and
 * «Выбрать все», quantity, «Удалить», «В избранное», price and availability changes flagged; the summary
 * with the totals of the selected lines and «Оформить». `empty` is shown when there are no lines.
 */
export function BasketView({ empty }: { empty: React.ReactNode }) {
  const { data: basket } = useQuery(basketQuery());
  const queryClient = useQueryClient();
  const hint = useSignedInHint();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  if (!basket) return null;
  if (basket.count === 0) return <>{empty}</>;

  const run = async (id: string, title: string, action: () => Promise<unknown>) => {
    setBusy((b) => new Set(b).add(id));
    try {
      await action();
    } catch (error) {
      basketErrorToast(title, error);
      void queryClient.invalidateQueries({ queryKey: basketQuery().queryKey });
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(id);
        return next;
      });
    }
  };
  /** The boxes tick at the click; the totals follow with the answer (a failure reads the basket again). */
  const tick = (selected: boolean, productId?: number) =>
    queryClient.setQueryData<Basket>(basketQuery().queryKey, (old) =>
      old
        ? {
            ...old,
            shipments: old.shipments.map((s) => ({
              ...s,
              lines: s.lines.map((l) =>
                productId === undefined || l.productId === productId ? { ...l, selected } : l,
              ),
            })),
          }
        : old,
    );
  const lines = basket.shipments.flatMap((s) => s.lines);
  const allSelected = lines.every((l) => l.selected);

  return (
    <div className="basket">
      <div className="basket__main">
        <div className="basket__toolbar">
          <label className="basket__check">
            <input
              type="checkbox"
              checked={allSelected}
              disabled={busy.has("all")}
              onChange={() => {
                tick(!allSelected);
                return run("all", "Не удалось выбрать товары", () =>
                  changeBasket(queryClient, hint, { intent: "select_all", selected: !allSelected }),
                );
              }}
            />
            <span>Выбрать все</span>
          </label>
        </div>
        {basket.shipments.map((shipment) => (
          <ShipmentCard
            key={shipment.seller.id}
            shipment={shipment}
            busy={busy}
            onSelect={(line) => {
              tick(!line.selected, line.productId);
              return run(`${line.productId}`, "Не удалось выбрать товар", () =>
                changeBasket(queryClient, hint, {
                  intent: "select",
                  productId: line.productId,
                  selected: !line.selected,
                }),
              );
            }}
            onQuantity={(line, to) =>
              run(`${line.productId}`, "Не удалось изменить количество", () =>
                to > line.quantity
                  ? addToBasket(queryClient, hint, line.product, to - line.quantity)
                  : setBasketQuantity(queryClient, hint, line.product, line.quantity, to),
              )
            }
            onRemove={(line, toWishlist) =>
              run(
                `${line.productId}`,
                toWishlist ? "Не удалось перенести в избранное" : "Не удалось удалить товар",
                () => removeFromBasket(queryClient, hint, line.product, line.quantity, toWishlist),
              )
            }
          />
        ))}
      </div>
      <Summary basket={basket} />
    </div>
  );
}

function ShipmentCard({
  shipment,
  busy,
  onSelect,
  onQuantity,
  onRemove,
}: {
  shipment: BasketShipment;
  busy: ReadonlySet<string>;
  onSelect: (line: BasketLine) => void;
  onQuantity: (line: BasketLine, to: number) => void;
  onRemove: (line: BasketLine, toWishlist: boolean) => void;
}) {
  const titleId = `seller-${shipment.seller.id}`;
  return (
    <section className="basket-shipment" aria-labelledby={titleId}>
      <header className="basket-shipment__head">
        <h2 className="basket-shipment__seller" id={titleId}>
          {shipment.seller.name}
        </h2>
        <p className="basket-shipment__date">{shipment.deliveryText}</p>
      </header>
      <ul className="basket-lines">
        {shipment.lines.map((line) => (
          <li
            key={line.productId}
            className={`basket-line${line.buyable ? "" : " basket-line--unavailable"}`}
          >
            <BasketLineRow
              line={line}
              busy={busy.has(`${line.productId}`) || busy.has("all")}
              onSelect={() => onSelect(line)}
              onQuantity={(to) => onQuantity(line, to)}
              onRemove={(toWishlist) => onRemove(line, toWishlist)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function BasketLineRow({
  line,
  busy,
  onSelect,
  onQuantity,
  onRemove,
}: {
  line: BasketLine;
  busy: boolean;
  onSelect: () => void;
  onQuantity: (to: number) => void;
  onRemove: (toWishlist: boolean) => void;
}) {
  const { product } = line;
  const nameId = `basket-line-${line.productId}`;
  return (
    <>
      <input
        type="checkbox"
        className="basket-line__check"
        checked={line.selected}
        disabled={busy}
        aria-label={`Выбрать: ${product.name}`}
        onChange={onSelect}
      />
      <Link to={productUrl(product.id)} className="basket-line__media" tabIndex={-1} aria-hidden="true">
        {product.image ? (
          <img
            src={imageSrc(product.image.url, 240)}
            width={product.image.width}
            height={product.image.height}
            alt=""
            loading="lazy"
          />
        ) : null}
      </Link>
      <div className="basket-line__info">
        <Link to={productUrl(product.id)} className="basket-line__name" id={nameId}>
          {product.name}
        </Link>
        <p className="basket-line__brand">{product.brand.name}</p>
        {line.priceChanged ? (
          <p
            className={`basket-line__flag basket-line__flag--${line.price < line.priceWhenAdded ? "down" : "up"}`}
          >
            {line.price < line.priceWhenAdded ? "Цена снизилась" : "Цена выросла"}: было{" "}
            {formatRub(line.priceWhenAdded)}
          </p>
        ) : null}
        {line.availabilityMessage ? (
          <p className="basket-line__flag basket-line__flag--stock">{line.availabilityMessage}</p>
        ) : null}
        {line.availability === "preorder" ? <p className="basket-line__note">Предзаказ</p> : null}
        <div className="basket-line__actions">
          <button
            type="button"
            className="basket-line__action"
            disabled={busy}
            onClick={() => onRemove(true)}
          >
            <HeartIcon size={16} /> В избранное
          </button>
          <button
            type="button"
            className="basket-line__action"
            disabled={busy}
            onClick={() => onRemove(false)}
          >
            Удалить
          </button>
        </div>
      </div>
      <div className="basket-line__buy">
        <div className="basket-line__prices">
          <span className="basket-line__price">{formatRub(line.total)}</span>
          {line.totalBeforeDiscount > line.total ? (
            <s className="basket-line__old-price">
              <span className="visually-hidden">Без скидки: </span>
              {formatRub(line.totalBeforeDiscount)}
            </s>
          ) : null}
          {line.quantity > 1 ? (
            <span className="basket-line__each">{formatRub(line.price)} за шт.</span>
          ) : null}
        </div>
        {line.availability === "sold_out" || line.availability === "not_sold" ? null : (
          <QuantityStepper
            quantity={line.quantity}
            max={Math.max(line.maxQuantity, 1)}
            capMessage={line.capMessage}
            busy={busy}
            name={product.name}
            size="s"
            reasonId={`${nameId}-cap`}
            onChange={onQuantity}
          />
        )}
      </div>
    </>
  );
}

function Summary({ basket }: { basket: Basket }) {
  const signedIn = useSignedIn();
  const { totals } = basket;
  const nothing = totals.quantity === 0;
  const checkout = nothing ? (
    <button type="button" className="basket-summary__checkout" disabled aria-describedby="basket-none">
      Оформить
    </button>
  ) : (
    <Link className="basket-summary__checkout" to={checkoutHref(signedIn)}>
      Оформить
    </Link>
  );
  return (
    <aside className="basket-summary" aria-labelledby="basket-summary-title">
      <div className="basket-summary__card">
        <h2 className="basket-summary__title" id="basket-summary-title">
          Ваш заказ
        </h2>
        <dl className="basket-summary__rows">
          <div>
            <dt>Товары, {totals.quantity} шт.</dt>
            <dd>{formatRub(totals.goods)}</dd>
          </div>
          {totals.discount > 0 ? (
            <div className="basket-summary__discount">
              <dt>Скидка</dt>
              <dd>−{formatRub(totals.discount)}</dd>
            </div>
          ) : null}
          <div>
            <dt>Доставка</dt>
            <dd>{nothing ? "—" : totals.delivery === 0 ? "Бесплатно" : formatRub(totals.delivery)}</dd>
          </div>
          {totals.cashbackPoints > 0 ? (
            <div className="basket-summary__cashback">
              <dt>Кешбэк</dt>
              <dd>+{formatPoints(totals.cashbackPoints)}</dd>
            </div>
          ) : null}
          <div className="basket-summary__total">
            <dt>Итого</dt>
            <dd>{formatRub(totals.toPay)}</dd>
          </div>
        </dl>
        <BasketInstallments basket={basket} />
        <p className="basket-summary__hint">
          Курьерская доставка бесплатна от {formatRub(basket.freeDeliveryFrom)} у каждого продавца. Баллы
          можно списать при оплате.
        </p>
        {nothing ? (
          <p className="basket-summary__none" id="basket-none">
            Выберите товары, чтобы оформить заказ
          </p>
        ) : null}
        {checkout}
      </div>
      {/* Phones: the total and «Оформить» stay at hand above the tab bar. */}
      <div className="basket-bar">
        <div className="basket-bar__total">
          <span className="basket-bar__sum">{formatRub(totals.toPay)}</span>
          <span className="basket-bar__count">
            {formatCount(totals.quantity, "товар", "товара", "товаров")}
          </span>
        </div>
        {nothing ? (
          <button type="button" className="basket-summary__checkout" disabled>
            Оформить
          </button>
        ) : (
          <Link className="basket-summary__checkout" to={checkoutHref(signedIn)}>
            Оформить
          </Link>
        )}
      </div>
    </aside>
  );
}
