import { useTheme } from "#app/lib/theme.ts";
import type { Basket } from "#contract/basket.ts";
import { installmentOfferText } from "#contract/installments.ts";

/**
 * The basket's «от 3 990 ₽ × 12 мес» (ADR 062): shown when every selected line is sold in installments
 * and the total is within the bank's limits; the payment step offers the method on the same terms.
 */
export function BasketInstallments({ basket }: { basket: Basket }) {
  const theme = useTheme();
  const lines = basket.shipments.flatMap((s) => s.lines).filter((l) => l.selected && l.buyable);
  const text =
    lines.length > 0 && lines.every((l) => l.product.installments)
      ? installmentOfferText(basket.totals.toPay)
      : null;
  if (!text) return null;
  return (
    <p className="installment-note basket-summary__installments" data-testid="installment-note">
      <span className="installment-note__label">
        {theme === "halva" ? "Халва 0\u00a0%" : "Оплата частями"}{" "}
      </span>
      {text}
    </p>
  );
}
