import type { Seller } from "#contract/catalog.ts";
import { formatRating } from "#contract/format.ts";

/** Sellers are shown with their legal details, as Russian consumer law requires of a marketplace. */
export function SellerHeader({ seller, heading }: { seller: Seller; heading: string }) {
  return (
    <header className="entity-header entity-header--seller">
      <div>
        <h1 className="page-title">{heading}</h1>
        <p className="entity-header__rating">
          <span aria-hidden="true">★</span> {formatRating(seller.rating)}{" "}
          <span className="muted">рейтинг продавца</span>
        </p>
      </div>
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
    </header>
  );
}
