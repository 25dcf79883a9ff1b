import type { Slot } from "#contract/delivery.ts";
import { formatCount } from "#contract/format.ts";
import type { SlotChoice } from "#contract/orders.ts";

/** One day of courier windows as the slots endpoint answers it (contract/delivery.ts slotDaySchema). */
export interface SlotDay {
  date: string;
  label: string;
  slots: Slot[];
}

/** Whether a day has a window with room left (its date chip is enabled). */
export function dayHasRoom(day: SlotDay): boolean {
  return day.slots.some((slot) => slot.available);
}

function sameSlot(slot: Slot, choice: SlotChoice): boolean {
  return slot.date === choice.date && slot.startsHour === choice.startsHour;
}

/**
 * The window the form shows as chosen: the shopper's own choice while it still has room, else the first
 * window with room on the chosen day, else on the first day that has one; undefined when every window is
 * full (the shopper must pick pickup or try later).
 */
export function pickSlot(days: readonly SlotDay[], current: SlotChoice | undefined): SlotChoice | undefined {
  if (current) {
    const kept = days.flatMap((day) => day.slots).find((slot) => sameSlot(slot, current));
    if (kept?.available) return current;
    const sameDay = days.find((day) => day.date === current.date)?.slots.find((slot) => slot.available);
    if (sameDay) return { date: sameDay.date, startsHour: sameDay.startsHour };
  }
  for (const day of days) {
    const first = day.slots.find((slot) => slot.available);
    if (first) return { date: first.date, startsHour: first.startsHour };
  }
  return undefined;
}

/**
 * The day chosen on the chips: the chosen window's day, else the first day with room, else the first day.
 */
export function pickDay(days: readonly SlotDay[], choice: SlotChoice | undefined): string | undefined {
  if (choice && days.some((day) => day.date === choice.date)) return choice.date;
  return (days.find(dayHasRoom) ?? days[0])?.date;
}

/** «Осталось 2 места» under a window that is nearly full, else nothing. */
export function roomLeftText(slot: Slot): string | undefined {
  if (!slot.available) return "Мест нет";
  if (slot.free > 3) return undefined;
  return `Осталось ${formatCount(slot.free, "место", "места", "мест")}`;
}
