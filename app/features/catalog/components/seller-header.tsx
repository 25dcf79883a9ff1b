import type { Seller } from "#contract/catalog.ts";
import { formatCount, formatRating } from "#contract/format.ts";

/**
 * A seller's page leads with what a shopper weighs (ADR 065): its rating, how many goods it offers and
 * how many orders it has had here; its goods follow, and its legal details close the page.
 */
export function SellerHeader({ seller, heading }: { seller: Seller; heading: string }) {
  return (
    <header className="entity-header entity-header--seller">
      <div>
        <h1 className="page-title">{heading}</h1>
        <p className="entity-header__rating">
          <span className="entity-header__score">
            <span aria-hidden="true" className="seller-card__star">
              ★
            </span>{" "}
            {formatRating(seller.rating)}
          </span>{" "}
          <span className="muted">рейтинг продавца</span>
        </p>
        <ul className="entity-header__figures">
          <li>{formatCount(seller.productsCount, "товар", "товара", "товаров")}</li>
          <li>{formatCount(seller.ordersCount, "заказ", "заказа", "заказов")}</li>
        </ul>
      </div>
    </header>
  );
}

/** Sellers are shown with their legal details, as Russian consumer law requires of a marketplace. */
export function SellerLegal({ seller }: { seller: Seller }) {
  return (
    <section className="seller-legal" aria-labelledby="seller-legal-title">
      <h2 id="seller-legal-title">О продавце</h2>
      <dl className="legal-details">
        <div>
          <dt>Юридическое лицо</dt>
          <dd>{seller.legalName}</dd>
        </div>
        <div>
          <dt>Адрес</dt>
          <dd>{seller.address}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${seller.email}`}>{seller.email}</a>
          </dd>
        </div>
        <div>
          <dt>Телефон</dt>
          <dd>
            <a href={`tel:${seller.phone.replace(/[^\d+]/g, "")}`}>{seller.phone}</a>
          </dd>
        </div>
      </dl>
    </section>
  );
}
