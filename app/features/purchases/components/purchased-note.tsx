import { useSignedInHint } from "#app/features/account/index.ts";
import { formatDate } from "#app/lib/format.ts";
import { usePurchaseDate } from "../purchase-dates.ts";

const shortDate = new Intl.DateTimeFormat("ru-RU", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/Moscow",
});

/**
 * «Вы покупали» with the date, for a signed-in shopper who has received the product. The page around it is
 * the same for everyone (and kept in the page cache): this asks after hydration and renders nothing on the
 * server, nothing while signed out, nothing for a product never received.
 */
export function PurchasedNote({ productId, variant }: { productId: number; variant: "card" | "page" }) {
  const hint = useSignedInHint();
  const date = usePurchaseDate(productId, hint);
  if (!date) return null;
  return variant === "card" ? (
    <span className="purchased-badge" data-testid="purchased-badge">
      Вы покупали {shortDate.format(new Date(date))}
    </span>
  ) : (
    <span className="purchased-note" data-testid="purchased-note">
      Вы покупали {formatDate(date)}
    </span>
  );
}
