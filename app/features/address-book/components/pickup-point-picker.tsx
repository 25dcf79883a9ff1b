import { useQuery } from "@tanstack/react-query";
import type { Ref } from "react";
import { Button } from "#app/ui/button.tsx";
import { cx } from "#app/ui/class-names.ts";
import { Spinner } from "#app/ui/spinner.tsx";
import { pickupPointsQuery } from "../api.ts";

interface PickupPointPickerProps {
  cityId: number | undefined;
  value: number | undefined;
  onChange: (id: number) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** Given to the checked option (or the first): where focus goes when the choice is missing. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The city's pickup points as a list of radio buttons (the map comes with checkout): name, address, hours
 * and the delivery service. Arrow keys move between them, as in any radio group.
 */
export function PickupPointPicker({
  cityId,
  value,
  onChange,
  onBlur,
  error,
  inputRef,
}: PickupPointPickerProps) {
  const points = useQuery({ ...pickupPointsQuery(cityId ?? 0), enabled: cityId !== undefined && cityId > 0 });
  const errorId = "ab-pickup-error";
  return (
    <fieldset
      className={cx("ab-points", error && "ab-points--invalid")}
      aria-describedby={error ? errorId : undefined}
      aria-busy={points.isFetching || undefined}
    >
      <legend className="ui-field__label">Пункт выдачи</legend>
      {cityId === undefined || Number.isNaN(cityId) ? (
        <p className="ab-points__state">Выберите город, чтобы увидеть его пункты выдачи.</p>
      ) : points.isPending ? (
        <p className="ab-points__state" role="status">
          <Spinner /> Загружаем пункты выдачи…
        </p>
      ) : points.isError ? (
        <div className="ab-points__state" role="alert">
          <p>Не удалось загрузить пункты выдачи.</p>
          <Button variant="secondary" onClick={() => points.refetch()}>
            Повторить
          </Button>
        </div>
      ) : points.data.items.length === 0 ? (
        <p className="ab-points__state">В этом городе пока нет пунктов выдачи. Выберите доставку курьером.</p>
      ) : (
        <ul className="ab-points__list">
          {points.data.items.map((point, index) => {
            const checked = point.id === value;
            const focusTarget = checked || (value === undefined && index === 0);
            return (
              <li key={point.id}>
                <label className={cx("ab-point", checked && "ab-point--checked")}>
                  <input
                    ref={focusTarget ? inputRef : undefined}
                    className="ab-point__radio"
                    type="radio"
                    name="pickupPointId"
                    value={point.id}
                    checked={checked}
                    onChange={() => onChange(point.id)}
                    onBlur={onBlur}
                    aria-invalid={error ? true : undefined}
                  />
                  <span className="ab-point__body">
                    <span className="ab-point__name">{point.name}</span>
                    <span className="ab-point__address">{point.address}</span>
                    <span className="ab-point__meta">
                      {point.hours} · {point.provider}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {error ? (
        <p className="ui-field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
