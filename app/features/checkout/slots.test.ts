import { describe, expect, it } from "vitest";
import type { Slot } from "#contract/delivery.ts";
import { dayHasRoom, pickDay, pickSlot, roomLeftText, type SlotDay } from "./slots.ts";

function slot(date: string, startsHour: number, free: number): Slot {
  return {
    date,
    startsHour,
    endsHour: startsHour + 3,
    label: `${startsHour}:00–${startsHour + 3}:00`,
    capacity: 10,
    booked: 10 - free,
    free,
    available: free > 0,
  };
}

const days: SlotDay[] = [
  { date: "2026-11-25", label: "завтра", slots: [slot("2026-11-25", 9, 0), slot("2026-11-25", 12, 0)] },
  { date: "2026-11-26", label: "чт", slots: [slot("2026-11-26", 9, 0), slot("2026-11-26", 12, 4)] },
  { date: "2026-11-27", label: "пт", slots: [slot("2026-11-27", 9, 5)] },
];

describe("pickSlot", () => {
  it("takes the first window with room when nothing is chosen, skipping full days", () => {
    expect(pickSlot(days, undefined)).toEqual({ date: "2026-11-26", startsHour: 12 });
  });

  it("keeps the shopper's choice while it has room", () => {
    expect(pickSlot(days, { date: "2026-11-27", startsHour: 9 })).toEqual({
      date: "2026-11-27",
      startsHour: 9,
    });
  });

  it("moves a choice that filled up to the same day's next window, else the first free one", () => {
    expect(pickSlot(days, { date: "2026-11-26", startsHour: 9 })).toEqual({
      date: "2026-11-26",
      startsHour: 12,
    });
    expect(pickSlot(days, { date: "2026-11-25", startsHour: 9 })).toEqual({
      date: "2026-11-26",
      startsHour: 12,
    });
  });

  it("is undefined when every window is full", () => {
    expect(pickSlot([days[0] as SlotDay], undefined)).toBeUndefined();
  });
});

describe("pickDay and dayHasRoom", () => {
  it("shows the chosen window's day, else the first day with room", () => {
    expect(pickDay(days, { date: "2026-11-27", startsHour: 9 })).toBe("2026-11-27");
    expect(pickDay(days, undefined)).toBe("2026-11-26");
    expect(dayHasRoom(days[0] as SlotDay)).toBe(false);
    expect(dayHasRoom(days[1] as SlotDay)).toBe(true);
  });
});

describe("roomLeftText", () => {
  it("warns only when a window is nearly full, in Russian plurals", () => {
    expect(roomLeftText(slot("2026-11-26", 9, 0))).toBe("Мест нет");
    expect(roomLeftText(slot("2026-11-26", 9, 1))).toBe("Осталось 1 место");
    expect(roomLeftText(slot("2026-11-26", 9, 3))).toBe("Осталось 3 места");
    expect(roomLeftText(slot("2026-11-26", 9, 8))).toBeUndefined();
  });
});
