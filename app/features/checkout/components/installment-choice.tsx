import { cx } from "#app/ui/class-names.ts";
import { installmentPlanText, installmentSchedule } from "#contract/installments.ts";

/**
 * The term of «Оплата частями» on the payment step (ADR 062): the terms the bank offers for this sum as
 * chips, and what each month costs. The server checks the same rules when the payment starts.
 */
export function InstallmentChoice({
  amount,
  terms,
  months,
  onChange,
}: {
  amount: number;
  terms: readonly number[];
  months: number;
  onChange: (months: number) => void;
}) {
  const plan = installmentSchedule(amount, months);
  return (
    <fieldset className="co-fieldset installment-choice">
      <legend className="installment-choice__legend">Срок</legend>
      <div className="installment-choice__terms">
        {terms.map((m) => (
          <label
            key={m}
            className={cx("installment-choice__term", m === months && "installment-choice__term--on")}
          >
            <input
              type="radio"
              name="installment-months"
              value={m}
              checked={m === months}
              onChange={() => onChange(m)}
            />
            {m} мес
          </label>
        ))}
      </div>
      <p className="installment-choice__plan" aria-live="polite" data-testid="installment-plan">
        <strong>{installmentPlanText(plan)}</strong> в месяц · 0&nbsp;% переплаты. Первый платёж через месяц,
        решение банка — за пару минут.
      </p>
    </fieldset>
  );
}
