import { Link } from "react-router";
import type { ProductDetail } from "#contract/catalog.ts";
import { formatCount, formatRating } from "#contract/format.ts";
import { sellerUrl } from "#contract/urls.ts";

/**
 * Who sells it (ADR 065): the seller's name leading to its page, its rating, and how many goods it
 * offers and orders it has had here — counted from the catalogue and the orders, never made up.
 */
export function SellerCard({ seller }: { seller: ProductDetail["seller"] }) {
  return (
    <section className="seller-card" aria-label="Продавец">
      <p className="seller-card__label">Продавец</p>
      <Link to={sellerUrl(seller.code)} className="seller-card__name">
        {seller.name}
      </Link>
      <p className="seller-card__facts">
        <span>
          <span aria-hidden="true" className="seller-card__star">
            ★
          </span>{" "}
          {formatRating(seller.rating)} <span className="visually-hidden">— рейтинг продавца</span>
        </span>
        <span>{formatCount(seller.ordersCount, "заказ", "заказа", "заказов")}</span>
        <span>{formatCount(seller.productsCount, "товар", "товара", "товаров")}</span>
      </p>
    </section>
  );
}
