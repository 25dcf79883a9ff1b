import { SLOT_DAYS } from "#contract/delivery.ts";
import { addDays, daysBetween, deliveryDayWords, localDateTime } from "#contract/delivery-dates.ts";

/**
 * Courier time windows (ADR 036). Pure: what windows a day has, how many orders each takes in a city,
 * which dates can be booked. Order placement books a window with these (see `slotCapacity`):
 *
 *   INSERT INTO delivery_slots (city_id, date, starts_hour, ends_hour, capacity)
 *     VALUES (…, slotCapacity(city)) ON CONFLICT (city_id, date, starts_hour) DO NOTHING;
 *   UPDATE delivery_slots SET booked = booked + 1
 *     WHERE city_id = … AND date = … AND starts_hour = … AND booked < capacity RETURNING id;
 *
 * (no row back: the window is full). A row's own `capacity` wins over the rule: it can be set per row.
 */

export interface SlotWindow {
  /** City-local hours: the window is [startsHour, endsHour). */
  startsHour: number;
  endsHour: number;
}

/** The day's windows, city-local. */
export const SLOT_WINDOWS: readonly SlotWindow[] = [
  { startsHour: 9, endsHour: 12 },
  { startsHour: 12, endsHour: 15 },
  { startsHour: 15, endsHour: 18 },
  { startsHour: 18, endsHour: 21 },
];

/** The window starting at that hour, or undefined when the day has none. */
export function slotWindow(startsHour: number): SlotWindow | undefined {
  return SLOT_WINDOWS.find((w) => w.startsHour === startsHour);
}

/**
 * Orders one window of one day takes in a city, by its size: what its couriers can carry (400 in a city
 * of five million or more, 150 from a million, 60 from half a million, 30 below).
 */
export function slotCapacity(city: { population: number }): number {
  if (city.population >= 5_000_000) return 400;
  if (city.population >= 1_000_000) return 150;
  if (city.population >= 500_000) return 60;
  return 30;
}

/** Same as `slotCapacity`, under the name the order placement asks for. */
export const capacityFor = slotCapacity;

/** Tomorrow in the city's calendar: no same-day courier. */
export function tomorrowIn(timezone: string, now: Date): string {
  return addDays(localDateTime(now, timezone).date, 1);
}

/**
 * The first day a courier can come: the latest of the shipments' delivery dates (one visit brings the
 * whole order), and never before tomorrow in the city.
 */
export function firstSlotDate(timezone: string, now: Date, deliveryDates: readonly string[] = []): string {
  // ISO dates sort as strings.
  return [tomorrowIn(timezone, now), ...deliveryDates].sort().at(-1) as string;
}

/** The bookable dates: `days` days from `from`. */
export function bookableDates(from: string, days = SLOT_DAYS): string[] {
  return Array.from({ length: days }, (_, i) => addDays(from, i));
}

/** Whether a window can be booked for `date` with `from` the first bookable day. */
export function isBookable(date: string, startsHour: number, from: string, days = SLOT_DAYS): boolean {
  const offset = daysBetween(from, date);
  return offset >= 0 && offset < days && slotWindow(startsHour) !== undefined;
}

const pad = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** «09:00–12:00» */
export function slotLabel(window: SlotWindow): string {
  return `${pad(window.startsHour)}–${pad(window.endsHour)}`;
}

const WEEKDAYS = ["вс", "пн", "вт", "ср", "чт", "пт", "сб"];

/** «завтра, 26 ноября», «послезавтра, 27 ноября», «пт, 28 ноября» (`today` in the city's calendar). */
export function slotDayLabel(date: string, today: string): string {
  const words = deliveryDayWords(date, today);
  const dated = deliveryDayWords(date, "0000-01-01");
  if (words !== dated) return `${words}, ${dated}`;
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
  return `${weekday}, ${dated}`;
}

export interface SlotRow {
  date: string;
  startsHour: number;
  capacity: number;
  booked: number;
}

/** One day's windows with their free places: a stored row's capacity and bookings, else the city's rule. */
export function daySlots(date: string, capacity: number, rows: readonly SlotRow[]) {
  return SLOT_WINDOWS.map((window) => {
    const row = rows.find((r) => r.date === date && r.startsHour === window.startsHour);
    const cap = row?.capacity ?? capacity;
    const booked = row?.booked ?? 0;
    const free = Math.max(0, cap - booked);
    return {
      date,
      startsHour: window.startsHour,
      endsHour: window.endsHour,
      label: slotLabel(window),
      capacity: cap,
      booked,
      free,
      available: free > 0,
    };
  });
}
