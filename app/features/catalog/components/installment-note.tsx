import { useTheme } from "#app/lib/theme.ts";
import { installmentOfferText } from "#contract/installments.ts";

/**
 * «от 1 990 ₽ × 12 мес» under a price (ADR 062): the smallest monthly payment of the bank's installments,
 * only for goods sold so and a price within the bank's limits. The halva theme names the Halva card's
 * installments, «Халва 0 %», as a Halva shop would.
 */
export function InstallmentNote({
  price,
  eligible,
  className = "",
}: {
  price: number;
  eligible: boolean;
  className?: string;
}) {
  const theme = useTheme();
  const text = installmentOfferText(price, eligible);
  if (!text) return null;
  return (
    <span className={`installment-note ${className}`.trim()} data-testid="installment-note">
      <span className="installment-note__label">{theme === "halva" ? "Халва 0\u00a0%" : "Частями"} </span>
      {/* «от 1 063 ₽» and «× 24 мес» each kept whole: a narrow card breaks between them, never before «мес». */}
      {text.split(" × ").map((part, i) => (
        <span key={part} className="installment-note__part">
          {i > 0 ? ` × ${part}` : part}
        </span>
      ))}
    </span>
  );
}
