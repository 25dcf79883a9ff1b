// The back office's dates: day, month and time in Moscow, the shop's calendar.
const dateTime = new Intl.DateTimeFormat("ru-RU", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Moscow",
});

/** «28 нояб. 2026 г., 03:15». */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
