import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

/** The rendered `<input>`s as attribute maps (React orders attributes its own way). */
function inputs(html: string): Record<string, string>[] {
  return [...html.matchAll(/<input([^>]*)\/?>/g)].map((m) =>
    Object.fromEntries([...(m[1] ?? "").matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  );
}

import type { Slot } from "#contract/delivery.ts";
import { SlotPicker } from "./slot-picker.tsx";

const slot = (date: string, startsHour: number, free: number): Slot => ({
  date,
  startsHour,
  endsHour: startsHour + 3,
  label: `${String(startsHour).padStart(2, "0")}:00–${startsHour + 3}:00`,
  capacity: 10,
  booked: 10 - free,
  free,
  available: free > 0,
});

const days = [
  { date: "2026-11-25", label: "завтра, 25 ноября", slots: [slot("2026-11-25", 9, 0)] },
  {
    date: "2026-11-26",
    label: "чт, 26 ноября",
    slots: [slot("2026-11-26", 9, 0), slot("2026-11-26", 12, 2)],
  },
];

describe("SlotPicker", () => {
  it("disables a day with no room and a full window, and marks the chosen one", () => {
    const html = renderToString(
      <SlotPicker days={days} value={{ date: "2026-11-26", startsHour: 12 }} onChange={() => undefined} />,
    );
    const [full, open, nine, noon] = inputs(html);
    expect(full).toMatchObject({ name: "slot-day", value: "2026-11-25", disabled: "" });
    expect(html).toContain("мест нет");
    expect(open).toMatchObject({ name: "slot-day", value: "2026-11-26", checked: "" });
    expect(open).not.toHaveProperty("disabled");
    expect(nine).toMatchObject({ name: "slot-window", value: "9", disabled: "" });
    expect(noon).toMatchObject({ name: "slot-window", value: "12", checked: "" });
    expect(html).toContain("Осталось 2 места");
    expect(html).toContain("<legend");
  });

  it("announces its message", () => {
    const html = renderToString(
      <SlotPicker
        days={days}
        value={undefined}
        onChange={() => undefined}
        error="Выберите интервал доставки"
      />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain("Выберите интервал доставки");
  });
});
