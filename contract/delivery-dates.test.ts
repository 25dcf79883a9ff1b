import { describe, expect, it } from "vitest";
import {
  addDays,
  deliveryDate,
  deliveryDateValidUntil,
  deliveryDayWords,
  deliveryPromise,
  distanceKm,
  localDateTime,
  transitDays,
} from "./delivery-dates.ts";

const moscow = { latitude: 55.7558, longitude: 37.6173, timezone: "Europe/Moscow" };
const tver = { latitude: 56.8587, longitude: 35.9176, timezone: "Europe/Moscow" };
const yekaterinburg = { latitude: 56.8389, longitude: 60.6057, timezone: "Asia/Yekaterinburg" };
const vladivostok = { latitude: 43.1155, longitude: 131.8855, timezone: "Asia/Vladivostok" };

describe("delivery dates", () => {
  it("measures distances along the earth", () => {
    expect(distanceKm(moscow, moscow)).toBe(0);
    expect(Math.round(distanceKm(moscow, yekaterinburg))).toBeGreaterThan(1_400);
    expect(Math.round(distanceKm(moscow, yekaterinburg))).toBeLessThan(1_450);
  });

  it("gives more days on the road the farther the city", () => {
    expect(transitDays(0)).toBe(1);
    expect(transitDays(distanceKm(moscow, tver))).toBe(1);
    expect(transitDays(distanceKm(moscow, yekaterinburg))).toBe(3);
    expect(transitDays(distanceKm(moscow, vladivostok))).toBe(7);
  });

  it("reads the local date and hour of an instant", () => {
    // 2026-11-24 20:30 UTC is 23:30 in Moscow and 01:30 of the 25th in Yekaterinburg.
    const at = new Date("2026-11-24T20:30:00Z");
    expect(localDateTime(at, "Europe/Moscow")).toEqual({ date: "2026-11-24", hour: 23 });
    expect(localDateTime(at, "Asia/Yekaterinburg")).toEqual({ date: "2026-11-25", hour: 1 });
    // Asked again in the same minute, and at the minute's last millisecond: the same answer, a copy.
    const again = localDateTime(new Date("2026-11-24T20:30:59.999Z"), "Europe/Moscow");
    expect(again).toEqual({ date: "2026-11-24", hour: 23 });
    again.hour = 0;
    expect(localDateTime(at, "Europe/Moscow")).toEqual({ date: "2026-11-24", hour: 23 });
    // The next minute that crosses the hour, and a zone half an hour off the hour (UTC+5:30).
    expect(localDateTime(new Date("2026-11-24T20:59:59.999Z"), "Europe/Moscow").hour).toBe(23);
    expect(localDateTime(new Date("2026-11-24T21:00:00Z"), "Europe/Moscow")).toEqual({
      date: "2026-11-25",
      hour: 0,
    });
    expect(localDateTime(new Date("2026-11-24T20:29:00Z"), "Asia/Kolkata")).toEqual({
      date: "2026-11-25",
      hour: 1,
    });
    expect(localDateTime(new Date("2026-11-24T20:30:00Z"), "Asia/Kolkata")).toEqual({
      date: "2026-11-25",
      hour: 2,
    });
    expect(localDateTime(new Date("2026-11-24T20:29:59.999Z"), "Asia/Kolkata").hour).toBe(1);
  });

  it("ships today before the cut-off and tomorrow after it", () => {
    const seller = { warehouse: moscow, cutoffHour: 14 };
    // 10:00 and 15:00 Moscow time.
    expect(deliveryDate(seller, moscow, new Date("2026-11-24T07:00:00Z"))).toBe("2026-11-25");
    expect(deliveryDate(seller, moscow, new Date("2026-11-24T12:00:00Z"))).toBe("2026-11-26");
    expect(deliveryDate(seller, yekaterinburg, new Date("2026-11-24T07:00:00Z"))).toBe("2026-11-27");
  });

  it("is never earlier than tomorrow in the shopper's calendar", () => {
    // 23:30 in Moscow is already the 25th in Vladivostok; a Vladivostok seller's city delivery is the 26th.
    const seller = { warehouse: vladivostok, cutoffHour: 23 };
    expect(deliveryDate(seller, vladivostok, new Date("2026-11-24T20:30:00Z"))).toBe("2026-11-26");
  });

  it("says until when the answer holds: the cut-off", () => {
    const seller = { warehouse: moscow, cutoffHour: 14 };
    const until = deliveryDateValidUntil(seller, moscow, new Date("2026-11-24T07:20:00Z"));
    expect(until.toISOString()).toBe("2026-11-24T11:00:00.000Z");
  });

  it("words the date the way the shop window says it", () => {
    expect(deliveryDayWords("2026-11-25", "2026-11-24")).toBe("завтра");
    expect(deliveryDayWords("2026-11-26", "2026-11-24")).toBe("послезавтра");
    expect(deliveryPromise("2026-11-28", "2026-11-24")).toBe("Доставим 28 ноября");
    expect(deliveryPromise(addDays("2026-12-30", 3), "2026-12-30")).toBe("Доставим 2 января");
  });
});
