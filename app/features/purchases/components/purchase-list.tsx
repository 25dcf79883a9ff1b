import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { useSignedInHint } from "#app/features/account/index.ts";
import { ReviewButton, useMyReviews } from "#app/features/reviews/index.ts";
import { formatDate } from "#app/lib/format.ts";
import { Button } from "#app/ui/button.tsx";
import { imageSrc } from "#app/ui/picture.tsx";
import type { Purchase } from "#contract/after-sale.ts";
import { formatRub } from "#contract/format.ts";
import type { MyReviewState } from "#contract/reviews.ts";
import { productUrl } from "#contract/urls.ts";
import { purchasesQuery } from "../api.ts";
import { BuyAgainButton } from "./buy-again-button.tsx";

function PurchaseItem({ item, review }: { item: Purchase; review: MyReviewState | undefined }) {
  const { product } = item;
  const href = productUrl(product.id);
  const buyable = product.state === "in_stock" || product.state === "preorder";
  return (
    <li className="purchase" aria-labelledby={`purchase-${product.id}`}>
      <Link to={href} className="purchase__media" tabIndex={-1} aria-hidden="true">
        {product.image ? (
          <img
            src={imageSrc(product.image.url, 160)}
            alt=""
            width={96}
            height={128}
            loading="lazy"
            decoding="async"
          />
        ) : null}
      </Link>
      <div className="purchase__body">
        <Link to={href} className="purchase__name" id={`purchase-${product.id}`}>
          {product.name}
        </Link>
        <p className="purchase__when">
          Получен {formatDate(item.purchasedAt)} ·{" "}
          <Link to={`/personal/orders/${item.orderId}`}>к заказу</Link>
        </p>
        <p className="purchase__price">
          {buyable ? formatRub(product.price) : <span className="purchase__state">Нет в наличии</span>}
        </p>
      </div>
      <div className="purchase__actions">
        {buyable ? <BuyAgainButton what={{ productId: product.id }} variant="primary" /> : null}
        <ReviewButton productId={product.id} productName={product.name} state={review} />
      </div>
    </li>
  );
}

/** One page of purchases and, on the last page shown, «Показать ещё» for the next. */
function PurchasePage({
  before,
  last,
  onMore,
}: {
  before: string | null;
  last: boolean;
  onMore: (next: string) => void;
}) {
  const { data, isFetching } = useQuery(purchasesQuery(before));
  // Which of the page's products the shopper has reviewed: one request for the page.
  const hint = useSignedInHint();
  const { data: reviews } = useMyReviews(data?.items.map((i) => i.product.id) ?? [], hint);
  if (!data) return null;
  const stateOf = (productId: number) => reviews?.items.find((r) => r.productId === productId)?.state;
  return (
    <>
      {data.items.map((item) => (
        <PurchaseItem key={item.product.id} item={item} review={stateOf(item.product.id)} />
      ))}
      {last && data.next ? (
        <li className="purchases__more">
          <Button variant="secondary" loading={isFetching} onClick={() => onMore(data.next!)}>
            Показать ещё
          </Button>
        </li>
      ) : null}
    </>
  );
}

/** The products the shopper has received, newest first, page after page. */
export function PurchaseList() {
  const { data } = useQuery(purchasesQuery(null));
  const [cursors, setCursors] = useState<string[]>([]);
  if (!data) return null;
  if (data.items.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">Покупок пока нет</p>
        <p className="empty-state__text">
          Полученные товары появятся здесь — к ним можно вернуться, чтобы оставить отзыв или купить снова.
        </p>
        <Link className="button button--primary" to="/catalog">
          Перейти в каталог
        </Link>
      </div>
    );
  }
  const pages = [null, ...cursors];
  return (
    <ul className="purchases" aria-label="Полученные товары">
      {pages.map((before, index) => (
        <PurchasePage
          key={before ?? "first"}
          before={before}
          last={index === pages.length - 1}
          onMore={(next) => setCursors((c) => [...c, next])}
        />
      ))}
    </ul>
  );
}
