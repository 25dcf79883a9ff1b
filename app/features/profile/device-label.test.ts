import { describe, expect, it } from "vitest";
import { describeDevice, formatLastActive } from "./device-label.ts";

const UA = {
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  chromeIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  yandexAndroid:
    "Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 YaBrowser/24.4.1.90 Mobile Safari/537.36",
  samsungTablet:
    "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Safari/537.36",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
  operaMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
  ipad: "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
};

describe("describeDevice", () => {
  it.each([
    [UA.chromeWindows, "Chrome, Windows", "computer"],
    [UA.safariIphone, "Safari, iPhone", "phone"],
    [UA.chromeIphone, "Chrome, iPhone", "phone"],
    [UA.safariMac, "Safari, macOS", "computer"],
    [UA.yandexAndroid, "Яндекс Браузер, Android", "phone"],
    [UA.samsungTablet, "Samsung Internet, Android", "tablet"],
    [UA.edgeWindows, "Edge, Windows", "computer"],
    [UA.operaMac, "Opera, macOS", "computer"],
    [UA.firefoxLinux, "Firefox, Linux", "computer"],
    [UA.ipad, "Safari, iPad", "tablet"],
  ])("%s → %s", (ua, label, kind) => {
    expect(describeDevice(ua)).toEqual({ label, kind });
  });

  it("names what it cannot read", () => {
    expect(describeDevice(null)).toEqual({ label: "Неизвестное устройство", kind: "computer" });
    expect(describeDevice("curl/8.5.0")).toEqual({ label: "Неизвестное устройство", kind: "computer" });
  });
});

describe("formatLastActive (Moscow time)", () => {
  // 15 March 2026, 14:30 in Moscow (UTC+3).
  const now = Date.parse("2026-03-15T11:30:00Z");
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it("says minutes while under an hour", () => {
    expect(formatLastActive(ago(20_000), now)).toBe("только что");
    expect(formatLastActive(ago(60_000), now)).toBe("1 минуту назад");
    expect(formatLastActive(ago(3 * 60_000), now)).toBe("3 минуты назад");
    expect(formatLastActive(ago(25 * 60_000), now)).toBe("25 минут назад");
    // A clock a little ahead of ours is still "now".
    expect(formatLastActive(ago(-5_000), now)).toBe("только что");
  });

  it("names today and yesterday by the Moscow calendar", () => {
    expect(formatLastActive("2026-03-15T06:05:00Z", now)).toBe("сегодня в 09:05");
    // 23:10 UTC on the 14th is 02:10 on the 15th in Moscow: today.
    expect(formatLastActive("2026-03-14T23:10:00Z", now)).toBe("сегодня в 02:10");
    expect(formatLastActive("2026-03-14T20:50:00Z", now)).toBe("вчера в 23:50");
  });

  it("gives the date further back, the year only when it is another", () => {
    expect(formatLastActive("2026-03-02T07:00:00Z", now)).toBe("2 марта в 10:00");
    expect(formatLastActive("2025-12-31T07:00:00Z", now)).toBe("31 декабря 2025 г.");
  });
});
