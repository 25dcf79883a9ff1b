import { useState } from "react";
import { bonusMessages } from "#contract/bonus-rules.ts";
import { formatNumber, formatPoints } from "#contract/format.ts";
import { points as asPoints } from "#contract/money.ts";
import { type BonusLimits, bonusError, fromSlider, parsePoints, sliderStep, sliderValue } from "../bonus.ts";

/**
 * «Списать баллы»: a switch, then a slider and a number field kept in step. The field keeps what was
 * typed (so its message can say what is wrong: over the max, under the min, or empty); the slider shows
 * the nearest allowed value. `onChange` hears the points and whether they may be spent.
 */
export function BonusSpend({
  balance,
  limits,
  points,
  onChange,
}: {
  balance: number;
  limits: BonusLimits;
  points: number | undefined;
  onChange: (points: number | undefined, error: string | undefined) => void;
}) {
  // Not `useId`: the payment step is a personal part, rendered alone on the server (ADR 074); one a page.
  const id = "co-bonus";
  const [on, setOn] = useState(points !== undefined && points > 0);
  const [text, setText] = useState(points ? String(points) : "");
  const [touched, setTouched] = useState(false);
  const canSpend = limits.max >= limits.min && limits.max > 0;
  const typed = parsePoints(text);
  const error = on ? bonusError(typed, limits) : undefined;

  const set = (value: number | undefined, asText: string) => {
    setText(asText);
    onChange(value, bonusError(value, limits));
  };

  return (
    <section className="co-card" aria-labelledby={`${id}-title`}>
      <div className="co-bonus__head">
        <h2 className="co-card__title" id={`${id}-title`}>
          Списать баллы
        </h2>
        <p className="co-bonus__balance">{`На счёте ${formatPoints(asPoints(balance))}`}</p>
      </div>
      {canSpend ? (
        <>
          <label className="co-toggle">
            <input
              type="checkbox"
              role="switch"
              aria-checked={on}
              checked={on}
              onChange={(event) => {
                setOn(event.target.checked);
                if (event.target.checked) {
                  set(limits.max, String(limits.max));
                } else {
                  setText("");
                  onChange(0, undefined);
                }
              }}
            />
            <span>Оплатить часть заказа баллами: 1 балл = 1 ₽</span>
          </label>
          {on ? (
            <div className="co-bonus">
              <label className="co-visually-hidden" htmlFor={`${id}-range`}>
                Сколько баллов списать, ползунок
              </label>
              <input
                id={`${id}-range`}
                type="range"
                className="co-bonus__range"
                min={0}
                max={limits.max}
                step={sliderStep(limits)}
                value={sliderValue(typed, limits)}
                aria-valuetext={formatPoints(asPoints(sliderValue(typed, limits)))}
                onChange={(event) => {
                  const value = fromSlider(Number(event.target.value), limits);
                  set(value, String(value));
                }}
              />
              <div className="co-bonus__scale" aria-hidden="true">
                <span>0</span>
                <span>{formatNumber(limits.max)}</span>
              </div>
              <div className={`ui-field co-bonus__field${touched && error ? " ui-field--invalid" : ""}`}>
                <label className="ui-field__label" htmlFor={`${id}-number`}>
                  Сколько баллов списать
                </label>
                <input
                  id={`${id}-number`}
                  className="ui-field__input"
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  value={text}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${id}-note`}
                  onChange={(event) => {
                    setTouched(true);
                    set(parsePoints(event.target.value), event.target.value);
                  }}
                  onBlur={() => setTouched(true)}
                />
                {error ? (
                  <p className="ui-field__error" id={`${id}-note`} role="alert">
                    {error}
                  </p>
                ) : (
                  <p className="ui-field__hint" id={`${id}-note`}>
                    {`От ${formatNumber(limits.min)} до ${formatPoints(asPoints(limits.max), "genitive")}`}
                  </p>
                )}
              </div>
            </div>
          ) : null}
        </>
      ) : (
        <p className="co-muted">
          {balance === 0
            ? bonusMessages.none
            : `${bonusMessages.min(limits.min)}: на этот заказ пока не хватает`}
        </p>
      )}
    </section>
  );
}
