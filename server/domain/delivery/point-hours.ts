import type { OpeningHours, ScheduleException, WeeklySchedule } from "#contract/delivery.ts";
import { addDays } from "#contract/delivery-dates.ts";

/** Pure: whether a pickup point is open at an instant, in its city's time, and what the card says. */

export const WEEKDAY_LABELS = ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"] as const;
const WEEKDAY_ACCUSATIVE = ["пн", "вт", "ср", "чт", "пт", "сб", "вс"] as const;

/** The date (YYYY-MM-DD), minutes since midnight and weekday (0 Monday) of an instant in a time zone. */
export function localClock(now: Date, timezone: string): { date: string; minutes: number; weekday: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: timezone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  const date = `${get("year")}-${get("month")}-${get("day")}`;
  // getUTCDay of the local date: 0 Sunday … 6 Saturday → 0 Monday … 6 Sunday.
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return { date, minutes: Number(get("hour")) * 60 + Number(get("minute")), weekday };
}

const minutesOf = (clock: string) => {
  const [h, m] = clock.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** The hours of a date: its exception if it has one, else the week's day. */
export function hoursOn(
  date: string,
  weekday: number,
  schedule: WeeklySchedule,
  exceptions: readonly ScheduleException[],
): OpeningHours | null {
  const exception = exceptions.find((e) => e.date === date);
  return exception ? exception.hours : (schedule[weekday] ?? null);
}

const isRoundTheClock = (h: OpeningHours | null) => h?.opens === "00:00" && h.closes === "24:00";

/**
 * Open now, and the card's line: «Открыто круглосуточно», «Открыто до 21:00», «Закрыто, откроется в
 * 10:00», «… завтра в 10:00», «… в пн в 10:00»; «Закрыто» when nothing opens in the coming week.
 */
export function openState(
  schedule: WeeklySchedule,
  exceptions: readonly ScheduleException[],
  now: Date,
  timezone: string,
): { openNow: boolean; text: string } {
  const { date, minutes, weekday } = localClock(now, timezone);
  const today = hoursOn(date, weekday, schedule, exceptions);
  if (today && minutesOf(today.opens) <= minutes && minutes < minutesOf(today.closes)) {
    if (isRoundTheClock(today)) {
      const tomorrow = hoursOn(addDays(date, 1), (weekday + 1) % 7, schedule, exceptions);
      if (tomorrow?.opens === "00:00") return { openNow: true, text: "Открыто круглосуточно" };
    }
    return { openNow: true, text: `Открыто до ${today.closes === "24:00" ? "00:00" : today.closes}` };
  }
  if (today && minutes < minutesOf(today.opens)) {
    return { openNow: false, text: `Закрыто, откроется в ${today.opens}` };
  }
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = (weekday + ahead) % 7;
    const hours = hoursOn(addDays(date, ahead), day, schedule, exceptions);
    if (!hours) continue;
    const when = ahead === 1 ? "завтра" : `в ${WEEKDAY_ACCUSATIVE[day]}`;
    return { openNow: false, text: `Закрыто, откроется ${when} в ${hours.opens}` };
  }
  return { openNow: false, text: "Закрыто" };
}
