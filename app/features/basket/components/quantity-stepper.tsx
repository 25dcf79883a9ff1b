import { useId } from "react";

/**
 * − n +: a line's quantity. The «+» is off at the cap and the reason is said under it («Больше нет в
 * наличии», «Не больше 2 шт. в одном заказе»); `removeAtOne`: «−» at one takes the line out (cards),
 * else it is off there (the basket page has its own «Удалить»).
 */
export function QuantityStepper({
  quantity,
  max,
  capMessage,
  busy,
  name,
  removeAtOne = false,
  size = "m",
  reasonShownNearby = false,
  reasonId: givenReasonId,
  onChange,
}: {
  quantity: number;
  max: number;
  capMessage: string;
  busy: boolean;
  /** The product's name, for the buttons' accessible names. */
  name: string;
  removeAtOne?: boolean;
  size?: "s" | "m" | "l";
  /** The same reason is already on screen beside the stepper: still said to screen readers, not shown twice. */
  reasonShownNearby?: boolean;
  /**
   * The cap reason's id, where the stepper is also rendered outside its page's tree (the basket's lines,
   * a personal part: ADR 074) and a generated id would differ from the browser's.
   */
  reasonId?: string;
  onChange: (to: number) => void;
}) {
  const generatedId = useId();
  const reasonId = givenReasonId ?? generatedId;
  const capped = quantity >= max;
  const minusOff = busy || (quantity <= 1 && !removeAtOne);
  return (
    <div className={`qty qty--${size}`} aria-busy={busy || undefined}>
      <div className="qty__row">
        <button
          type="button"
          className="qty__button"
          aria-label={
            quantity <= 1 && removeAtOne ? `Убрать из корзины: ${name}` : `Уменьшить количество: ${name}`
          }
          disabled={minusOff}
          onClick={() => onChange(quantity - 1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <output className="qty__value" aria-live="polite" aria-label={`В корзине: ${quantity} шт.`}>
          {quantity}
        </output>
        <button
          type="button"
          className="qty__button"
          aria-label={`Увеличить количество: ${name}`}
          aria-describedby={capped ? reasonId : undefined}
          disabled={busy || capped}
          onClick={() => onChange(quantity + 1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {capped ? (
        <p className={reasonShownNearby ? "visually-hidden" : "qty__reason"} id={reasonId}>
          {capMessage}
        </p>
      ) : null}
    </div>
  );
}
