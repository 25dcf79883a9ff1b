import { Link } from "react-router";
import { BasketButton } from "#app/features/basket/index.ts";
import { StockAlertSlot } from "#app/features/questions/index.ts";
import { useFeature } from "#app/lib/features.ts";
import type { ProductDetail } from "#contract/catalog.ts";
import { formatRub } from "#contract/format.ts";
import { TOP_PROFIT_INFO_PATH } from "../collections.ts";
import { InstallmentNote } from "./installment-note.tsx";

const STATE_TEXT = {
  in_stock: "В наличии",
  sold_out: "Нет в наличии",
  preorder: "Предзаказ",
  coming_soon: "Скоро в продаже",
} as const;

/** The buy box: price, old price and discount, cashback in roubles, availability and limits. */
export function ProductPrice({ product }: { product: ProductDetail }) {
  const topProfit = useFeature("topProfit") && product.isTopProfit;
  return (
    <div className="buy-box">
      <div className="buy-box__prices">
        <span className="buy-box__price">{formatRub(product.price)}</span>
        {product.oldPrice ? (
          <>
            <s className="buy-box__old-price">
              <span className="visually-hidden">Старая цена: </span>
              {formatRub(product.oldPrice)}
            </s>
            <span className="badge badge--discount-inline">−{product.discountPercent}%</span>
          </>
        ) : null}
      </div>
      <InstallmentNote
        price={product.price}
        eligible={product.installments}
        className="buy-box__installments"
      />
      {product.cashbackAmount > 0 ? (
        <p className="buy-box__cashback">
          Кешбэк {formatRub(product.cashbackAmount)} баллами ({product.cashbackPercent}%)
        </p>
      ) : null}
      {topProfit ? (
        <p className="buy-box__top-profit">
          <span className="badge badge--top-profit">Топ-выгода</span>
          <Link to={TOP_PROFIT_INFO_PATH}>Повышенный кешбэк по акции</Link>
        </p>
      ) : null}
      <p className={`buy-box__state buy-box__state--${product.state}`}>{STATE_TEXT[product.state]}</p>
      {product.orderLimit ? (
        <p className="buy-box__limit">Не больше {product.orderLimit} шт. в одном заказе</p>
      ) : null}
      {product.isOriginal ? <p className="badge badge--original">Оригинал</p> : null}
      <BasketButton product={product} variant="page" />
      {product.state === "sold_out" ? <StockAlertSlot productId={product.id} /> : null}
    </div>
  );
}
