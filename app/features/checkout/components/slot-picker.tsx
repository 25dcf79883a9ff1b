import { cx } from "#app/ui/class-names.ts";
import type { SlotChoice } from "#contract/orders.ts";
import { dayHasRoom, pickDay, roomLeftText, type SlotDay } from "../slots.ts";

/**
 * The courier's time window: date chips, then the day's windows as radio buttons; full windows (and days
 * with none left) are disabled. Radios in a fieldset: arrows move within a group, Tab between them.
 */
export function SlotPicker({
  days,
  value,
  onChange,
  error,
}: {
  days: SlotDay[];
  value: SlotChoice | undefined;
  onChange: (choice: SlotChoice) => void;
  error?: string;
}) {
  const shownDay = pickDay(days, value);
  const day = days.find((d) => d.date === shownDay);
  const chooseDay = (date: string) => {
    const next = days.find((d) => d.date === date);
    const first = next?.slots.find((slot) => slot.available);
    if (first) onChange({ date: first.date, startsHour: first.startsHour });
  };
  return (
    <div className="co-slots">
      <fieldset className="co-fieldset">
        <legend className="co-fieldset__legend">День доставки</legend>
        <div className="co-chips" role="radiogroup" aria-label="День доставки">
          {days.map((d) => {
            const room = dayHasRoom(d);
            return (
              <label
                key={d.date}
                className={cx("co-chip", d.date === shownDay && "co-chip--on", !room && "co-chip--off")}
              >
                <input
                  type="radio"
                  name="slot-day"
                  value={d.date}
                  checked={d.date === shownDay}
                  disabled={!room}
                  onChange={() => chooseDay(d.date)}
                  className="co-visually-hidden"
                />
                <span className="co-chip__text">{d.label}</span>
                {!room ? <span className="co-chip__note">мест нет</span> : null}
              </label>
            );
          })}
        </div>
      </fieldset>
      {day ? (
        <fieldset className="co-fieldset" aria-describedby={error ? "co-slot-error" : undefined}>
          <legend className="co-fieldset__legend">Время доставки</legend>
          <div className="co-windows">
            {day.slots.map((slot) => {
              const on = value?.date === slot.date && value.startsHour === slot.startsHour;
              const note = roomLeftText(slot);
              return (
                <label
                  key={slot.startsHour}
                  className={cx("co-window", on && "co-window--on", !slot.available && "co-window--off")}
                >
                  <input
                    type="radio"
                    name="slot-window"
                    value={slot.startsHour}
                    checked={on}
                    disabled={!slot.available}
                    onChange={() => onChange({ date: slot.date, startsHour: slot.startsHour })}
                    className="co-visually-hidden"
                  />
                  <span className="co-window__time">{slot.label}</span>
                  {note ? <span className="co-window__note">{note}</span> : null}
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      {error ? (
        <p className="co-error" id="co-slot-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
