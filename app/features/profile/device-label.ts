import { plural } from "#contract/format.ts";

/** What kind of device a session is on: picks the icon. */
export type DeviceKind = "phone" | "tablet" | "computer";

export interface DeviceSummary {
  /** «Chrome, Windows», «Safari, iPhone», «Яндекс Браузер, Android»; «Неизвестное устройство». */
  label: string;
  kind: DeviceKind;
}

// Order matters: Chromium-based browsers also say "Chrome", and every browser on iOS says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/YaBrowser|YaSearchBrowser|Yowser/, "Яндекс Браузер"],
  [/Edg(?:e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera|OPT\//, "Opera"],
  [/SamsungBrowser/, "Samsung Internet"],
  [/Firefox\/|FxiOS/, "Firefox"],
  [/Chrome\/|CriOS|Chromium/, "Chrome"],
  [/Safari\//, "Safari"],
];

function systemOf(ua: string): { system: string | undefined; kind: DeviceKind } {
  if (/iPad/.test(ua)) return { system: "iPad", kind: "tablet" };
  if (/iPhone|iPod/.test(ua)) return { system: "iPhone", kind: "phone" };
  if (/Android/.test(ua)) return { system: "Android", kind: /Mobile/.test(ua) ? "phone" : "tablet" };
  if (/Windows/.test(ua)) return { system: "Windows", kind: "computer" };
  if (/CrOS/.test(ua)) return { system: "ChromeOS", kind: "computer" };
  if (/Macintosh|Mac OS X/.test(ua)) return { system: "macOS", kind: "computer" };
  if (/Linux/.test(ua)) return { system: "Linux", kind: "computer" };
  return { system: undefined, kind: "computer" };
}

/**
 * A session's user agent as a shopper recognises it: the browser and the system, in the words a person
 * uses («Chrome, Windows»), not the header's fifteen tokens. A crude reading on purpose: it only has to
 * tell the shopper's own devices apart, not identify versions.
 */
export function describeDevice(userAgent: string | null | undefined): DeviceSummary {
  const ua = userAgent ?? "";
  const { system, kind } = systemOf(ua);
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const label = [browser, system].filter(Boolean).join(", ");
  return { label: label || "Неизвестное устройство", kind };
}

const MINUTE_MS = 60_000;
const TIME_ZONE = "Europe/Moscow";
const time = new Intl.DateTimeFormat("ru-RU", { hour: "2-digit", minute: "2-digit", timeZone: TIME_ZONE });
const dayMonth = new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", timeZone: TIME_ZONE });
const dayMonthYear = new Intl.DateTimeFormat("ru-RU", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: TIME_ZONE,
});
const calendarDay = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE });
const yearOf = new Intl.DateTimeFormat("en-CA", { year: "numeric", timeZone: TIME_ZONE });

/** Whole days between two instants' Moscow calendar dates (0: the same day). */
function calendarDaysBetween(earlier: Date, later: Date): number {
  const day = (d: Date) => Date.parse(`${calendarDay.format(d)}T00:00:00Z`);
  return Math.round((day(later) - day(earlier)) / (24 * 60 * MINUTE_MS));
}

/**
 * When a device was last used, as a person says it, in Moscow time: «только что», «5 минут назад»,
 * «сегодня в 14:05», «вчера в 09:12», «12 марта в 10:00», «12 марта 2025 г.». `now` is passed in so the
 * server and the hydrating browser print the same words.
 */
export function formatLastActive(iso: string, now: number): string {
  const at = new Date(iso);
  const minutes = Math.floor((now - at.getTime()) / MINUTE_MS);
  if (minutes < 1) return "только что";
  if (minutes < 60) return `${minutes} ${plural(minutes, "минуту", "минуты", "минут")} назад`;
  const days = calendarDaysBetween(at, new Date(now));
  if (days === 0) return `сегодня в ${time.format(at)}`;
  if (days === 1) return `вчера в ${time.format(at)}`;
  if (yearOf.format(at) === yearOf.format(new Date(now)))
    return `${dayMonth.format(at)} в ${time.format(at)}`;
  return dayMonthYear.format(at);
}
