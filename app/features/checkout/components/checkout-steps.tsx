import { Link } from "react-router";
import { cx } from "#app/ui/class-names.ts";

type Step = "basket" | "delivery" | "payment";

const STEPS: { id: Step; label: string }[] = [
  { id: "basket", label: "Корзина" },
  { id: "delivery", label: "Доставка" },
  { id: "payment", label: "Оплата" },
];

/** «Корзина → Доставка → Оплата»: where the shopper is; steps behind are links back while they still can go. */
export function CheckoutSteps({ current, backToDelivery }: { current: Step; backToDelivery?: boolean }) {
  const at = STEPS.findIndex((step) => step.id === current);
  return (
    <nav className="co-steps" aria-label="Шаги оформления">
      <ol className="co-steps__list">
        {STEPS.map((step, index) => {
          const done = index < at;
          const href =
            step.id === "basket"
              ? "/basket"
              : step.id === "delivery" && backToDelivery
                ? "/checkout/steps/delivery"
                : undefined;
          return (
            <li
              key={step.id}
              className={cx(
                "co-steps__item",
                done && "co-steps__item--done",
                index === at && "co-steps__item--current",
              )}
            >
              <span className="co-steps__number" aria-hidden="true">
                {done ? "✓" : index + 1}
              </span>
              {done && href ? (
                <Link to={href} className="co-steps__label">
                  {step.label}
                </Link>
              ) : (
                <span className="co-steps__label" aria-current={index === at ? "step" : undefined}>
                  {step.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
