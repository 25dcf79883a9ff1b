import { Link } from "react-router";
import { BasketButton } from "#app/features/basket/index.ts";
import { PurchasedNote } from "#app/features/purchases/index.ts";
import { WishlistHeart } from "#app/features/wishlist/index.ts";
import { usePreloadOnIntent } from "#app/lib/deploy/preload-queue.ts";
import { Picture } from "#app/ui/picture.tsx";
import type { ProductCard as ProductCardData } from "#contract/catalog.ts";
import { formatCount, formatRating, formatRub } from "#contract/format.ts";
import { productUrl } from "#contract/urls.ts";
import { DeliveryPromise } from "./delivery-promise.tsx";
import { InstallmentNote } from "./installment-note.tsx";
import { TopProfitBadge } from "./top-profit-badge.tsx";

/** A card is half a phone's screen, a third of a tablet's, about 240 px of a desktop's grid. */
const CARD_SIZES = "(max-width: 767px) 50vw, (max-width: 1200px) 33vw, 240px";
const CARD_WIDTHS = [160, 240, 320, 480, 640] as const;

const stateLabel = {
  sold_out: "Нет в наличии",
  preorder: "Предзаказ",
  coming_soon: "Скоро в продаже",
} as const;

export function ProductCard({
  product,
  eager = false,
  priority = false,
}: {
  product: ProductCardData;
  eager?: boolean;
  /** The first card's picture is usually the largest thing on screen: fetch it before anything else. */
  priority?: boolean;
}) {
  const href = productUrl(product.id);
  const preload = usePreloadOnIntent(href);
  return (
    <article className="product-card" aria-labelledby={`product-${product.id}-name`}>
      <Link className="product-card__link" to={href} {...preload}>
        <div className="product-card__media">
          {product.image ? (
            <Picture
              image={product.image}
              sizes={CARD_SIZES}
              widths={CARD_WIDTHS}
              fallbackWidth={320}
              eager={eager}
              priority={priority}
            />
          ) : null}
          {product.discountPercent > 0 ? (
            <span className="badge badge--discount">−{product.discountPercent}%</span>
          ) : null}
          <TopProfitBadge product={product} className="product-card__top-profit" />
          {/* Over the picture, so its arrival after hydration moves nothing. */}
          <PurchasedNote productId={product.id} variant="card" />
        </div>
        <div className="product-card__prices">
          <span className="product-card__price" data-testid="product-card-price">
            {formatRub(product.price)}
          </span>
          {product.oldPrice ? (
            <s className="product-card__old-price">
              <span className="visually-hidden">Старая цена: </span>
              {formatRub(product.oldPrice)}
            </s>
          ) : null}
        </div>
        <InstallmentNote
          price={product.price}
          eligible={product.installments}
          className="product-card__installments"
        />
        {product.cashbackAmount > 0 ? (
          <span className="badge badge--cashback product-card__cashback">
            +{formatRub(product.cashbackAmount)} кешбэк
          </span>
        ) : null}
        <h3 className="product-card__name" id={`product-${product.id}-name`}>
          {product.name}
        </h3>
        <div className="product-card__meta">
          {product.reviewsCount > 0 ? (
            <span className="product-card__rating">
              <span aria-hidden="true">★</span> {formatRating(product.rating)}
              <span className="product-card__reviews">
                {" "}
                · {formatCount(product.reviewsCount, "отзыв", "отзыва", "отзывов")}
              </span>
            </span>
          ) : (
            <span className="product-card__reviews">Нет отзывов</span>
          )}
        </div>
        <DeliveryPromise product={product} className="product-card__delivery" />
        {product.state !== "in_stock" ? (
          <span className="product-card__state">{stateLabel[product.state]}</span>
        ) : null}
        {product.orderLimit !== null && product.state !== "sold_out" && product.state !== "coming_soon" ? (
          <span className="product-card__limit">Не больше {product.orderLimit} шт. в заказе</span>
        ) : null}
      </Link>
      {/* Outside the link (a button inside a link is not allowed): the basket under it, the heart over the picture. */}
      <BasketButton product={product} />
      <WishlistHeart productId={product.id} />
    </article>
  );
}
