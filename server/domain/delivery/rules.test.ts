import { describe, expect, it } from "vitest";
import { addressProblem } from "#contract/address-messages.ts";
import type { WeeklySchedule } from "#contract/delivery.ts";
import {
  addressValue,
  compareHouses,
  metresBetween,
  metresToStreet,
  parseAddressQuery,
  type StreetRow,
  suggestion,
} from "./address-rules.ts";
import { localClock, openState } from "./point-hours.ts";
import { commonProviders, OWN_PROVIDER, sellerProviders } from "./provider-rules.ts";
import {
  bookableDates,
  capacityFor,
  daySlots,
  firstSlotDate,
  isBookable,
  SLOT_WINDOWS,
  slotCapacity,
  slotDayLabel,
  slotLabel,
  slotWindow,
} from "./slot-rules.ts";

describe("slot rules", () => {
  it("has four three-hour windows from 9 to 21, found by their start", () => {
    expect(SLOT_WINDOWS.map(slotLabel)).toEqual(["09:00–12:00", "12:00–15:00", "15:00–18:00", "18:00–21:00"]);
    expect(slotWindow(12)).toEqual({ startsHour: 12, endsHour: 15 });
    expect(slotWindow(10)).toBeUndefined();
  });

  it("gives bigger cities more places per window", () => {
    expect(slotCapacity({ population: 13_000_000 })).toBe(400);
    expect(slotCapacity({ population: 1_200_000 })).toBe(150);
    expect(slotCapacity({ population: 600_000 })).toBe(60);
    expect(slotCapacity({ population: 190_000 })).toBe(30);
    expect(capacityFor).toBe(slotCapacity);
  });

  it("books from tomorrow in the city's calendar, or from the latest shipment's date, for seven days", () => {
    // 23:30 on 25 November in Moscow is already 26 November in Vladivostok.
    const now = new Date("2026-11-25T20:30:00Z");
    expect(firstSlotDate("Europe/Moscow", now)).toBe("2026-11-26");
    expect(firstSlotDate("Asia/Vladivostok", now)).toBe("2026-11-27");
    expect(firstSlotDate("Europe/Moscow", now, ["2026-11-28", "2026-11-27"])).toBe("2026-11-28");
    expect(bookableDates("2026-11-29")).toEqual([
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
    ]);
    expect(isBookable("2026-12-05", 9, "2026-11-29")).toBe(true);
    expect(isBookable("2026-12-06", 9, "2026-11-29")).toBe(false);
    expect(isBookable("2026-11-28", 9, "2026-11-29")).toBe(false);
    expect(isBookable("2026-11-30", 10, "2026-11-29")).toBe(false);
  });

  it("counts free places from a stored row, else the city's rule", () => {
    const slots = daySlots("2026-11-26", 30, [
      { date: "2026-11-26", startsHour: 9, capacity: 2, booked: 2 },
      { date: "2026-11-27", startsHour: 12, capacity: 5, booked: 5 },
    ]);
    expect(slots.map((s) => [s.startsHour, s.capacity, s.free, s.available])).toEqual([
      [9, 2, 0, false],
      [12, 30, 30, true],
      [15, 30, 30, true],
      [18, 30, 30, true],
    ]);
  });

  it("names the days as the shopper reads them", () => {
    expect(slotDayLabel("2026-11-26", "2026-11-25")).toBe("завтра, 26 ноября");
    expect(slotDayLabel("2026-11-27", "2026-11-25")).toBe("послезавтра, 27 ноября");
    expect(slotDayLabel("2026-11-28", "2026-11-25")).toBe("сб, 28 ноября");
  });
});

const week = (opens: string, closes: string): WeeklySchedule =>
  Array.from({ length: 7 }, () => ({ opens, closes }));

describe("pickup point hours", () => {
  // Wednesday 25 November 2026 in Moscow (UTC+3).
  const at = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00+03:00`);

  it("reads the local date, minutes and weekday (Monday 0)", () => {
    expect(localClock(at("12:34"), "Europe/Moscow")).toEqual({
      date: "2026-11-25",
      minutes: 754,
      weekday: 2,
    });
    expect(localClock(at("23:00"), "Asia/Vladivostok")).toEqual({
      date: "2026-11-26",
      minutes: 360,
      weekday: 3,
    });
  });

  it("is open within the day's hours and says until when, closed outside and says when it opens", () => {
    const hours = week("10:00", "21:00");
    expect(openState(hours, [], at("12:00"), "Europe/Moscow")).toEqual({
      openNow: true,
      text: "Открыто до 21:00",
    });
    expect(openState(hours, [], at("09:59"), "Europe/Moscow")).toEqual({
      openNow: false,
      text: "Закрыто, откроется в 10:00",
    });
    expect(openState(hours, [], at("21:00"), "Europe/Moscow")).toEqual({
      openNow: false,
      text: "Закрыто, откроется завтра в 10:00",
    });
  });

  it("skips closed days and honours exceptions", () => {
    // Closed Thursday to Sunday.
    const hours: WeeklySchedule = [
      { opens: "09:00", closes: "18:00" },
      { opens: "09:00", closes: "18:00" },
      { opens: "09:00", closes: "18:00" },
      null,
      null,
      null,
      null,
    ];
    expect(openState(hours, [], at("19:00"), "Europe/Moscow").text).toBe("Закрыто, откроется в пн в 09:00");
    expect(
      openState(hours, [{ date: "2026-11-25", hours: null }], at("12:00"), "Europe/Moscow").openNow,
    ).toBe(false);
    expect(
      openState(
        hours,
        [{ date: "2026-11-25", hours: { opens: "10:00", closes: "14:00" } }],
        at("13:00"),
        "Europe/Moscow",
      ),
    ).toEqual({ openNow: true, text: "Открыто до 14:00" });
    expect(
      openState(
        Array.from({ length: 7 }, () => null),
        [],
        at("12:00"),
        "Europe/Moscow",
      ).text,
    ).toBe("Закрыто");
  });

  it("says round the clock when it is", () => {
    expect(openState(week("00:00", "24:00"), [], at("03:00"), "Europe/Moscow")).toEqual({
      openNow: true,
      text: "Открыто круглосуточно",
    });
  });
});

describe("address query parsing", () => {
  it("splits the street, its type, the house and the corps however they are written", () => {
    expect(parseAddressQuery("ул. Ленина, д. 12")).toEqual({
      street: "ленина",
      streetType: "ул",
      house: "12",
      block: null,
      rest: [],
    });
    expect(parseAddressQuery("Ленина 12к2")).toMatchObject({ street: "ленина", house: "12", block: "2" });
    expect(parseAddressQuery("проспект Мира 5 корп 3 кв 7")).toMatchObject({
      street: "мира",
      streetType: "пр-кт",
      house: "5",
      block: "3",
      rest: ["кв", "7"],
    });
    expect(parseAddressQuery("Королёва 7 а")).toMatchObject({ street: "королева", house: "7а" });
    expect(parseAddressQuery("Комсомольский пр-т")).toMatchObject({
      street: "комсомольский",
      streetType: "пр-кт",
    });
    // A pasted suggestion starts with the city.
    expect(parseAddressQuery("г Москва, ул Ленина, д 12", "Москва")).toMatchObject({
      street: "ленина",
      house: "12",
    });
    expect(parseAddressQuery("г Нижний Новгород, ул Мира", "Нижний Новгород")).toMatchObject({
      street: "мира",
      house: null,
    });
  });
});

const city = {
  id: 1,
  name: "Казань",
  region: "Республика Татарстан",
  latitude: 55.7961,
  longitude: 49.1064,
  timezone: "Europe/Moscow",
  population: 1_318_604,
  deliveryRadiusKm: 11,
};
const street: StreetRow = {
  id: 7,
  cityId: 1,
  type: "ул",
  typeFull: "улица",
  name: "Баумана",
  withType: "ул Баумана",
  postalCode: "420111",
  startLatitude: 55.79,
  startLongitude: 49.1,
  endLatitude: 55.79,
  endLongitude: 49.12,
};

describe("DaData answers", () => {
  it("writes a house suggestion as DaData does", () => {
    const s = suggestion(city, street, {
      id: 99,
      number: "12",
      block: "2",
      latitude: 55.7901,
      longitude: 49.11,
    });
    expect(s.value).toBe("г Казань, ул Баумана, д 12, к 2");
    expect(s.unrestricted_value).toBe("420111, Республика Татарстан, г Казань, ул Баумана, д 12, к 2");
    expect(s.data).toMatchObject({
      city_with_type: "г Казань",
      street_with_type: "ул Баумана",
      street_type: "ул",
      street_type_full: "улица",
      house_type: "д",
      house: "12",
      block_type: "к",
      block: "2",
      fias_level: "8",
      fias_id: "vitrina-house-99",
      geo_lat: "55.7901",
      qc_geo: "0",
    });
    expect(suggestion(city, street, null).data).toMatchObject({
      fias_level: "7",
      house: null,
      qc_geo: "2",
      geo_lat: "55.79",
    });
    expect(addressValue(city, null, null).value).toBe("г Казань");
  });

  it("measures distances to houses and to a street's line", () => {
    expect(metresBetween({ latitude: 55, longitude: 37 }, { latitude: 55.001, longitude: 37 })).toBeCloseTo(
      111,
      0,
    );
    // 0.001° north of the street's middle: ~111 m; past its end the end counts.
    expect(metresToStreet({ latitude: 55.791, longitude: 49.11 }, street)).toBeCloseTo(111, 0);
    expect(metresToStreet({ latitude: 55.79, longitude: 49.13 }, street)).toBeGreaterThan(600);
  });

  it("orders houses as a person reads them", () => {
    const h = (number: string, block: string | null = null) => ({
      id: 0,
      number,
      block,
      latitude: 0,
      longitude: 0,
    });
    expect(
      [h("10"), h("2"), h("10А"), h("2", "1")].sort(compareHouses).map((x) => x.number + (x.block ?? "")),
    ).toEqual(["2", "21", "10", "10А"]);
  });

  it("names the problem of a cleaned address", () => {
    const base = { qc: 0, qc_geo: 0, qc_house: 2, house: "1", street: "Ленина" };
    expect(addressProblem(base)).toBeNull();
    expect(addressProblem({ ...base, house: null, qc_geo: 2 })).toBe("incomplete");
    expect(addressProblem({ ...base, house: null, qc_geo: 2 }, "point")).toBe("incompletePoint");
    expect(addressProblem({ ...base, street: null, house: null, qc: 2, qc_geo: 4 })).toBe("unknown");
    expect(addressProblem({ ...base, qc_house: 10, qc_geo: 2 })).toBe("unknown");
    expect(addressProblem({ ...base, street: null, house: null, qc_geo: 5 }, "point")).toBe("geocodeFailed");
  });
});

describe("pickup networks of sellers", () => {
  it("always includes the marketplace's own and is fixed per seller", () => {
    for (let id = 1; id <= 50; id++) {
      expect(sellerProviders(id)).toContain(OWN_PROVIDER);
      expect(sellerProviders(id)).toEqual(sellerProviders(id));
    }
    // Not every seller ships with every network.
    expect(new Set(Array.from({ length: 50 }, (_, i) => sellerProviders(i + 1).length)).size).toBeGreaterThan(
      1,
    );
  });

  it("keeps what all of a basket's sellers share, and nothing to filter without sellers", () => {
    expect(commonProviders([])).toBeUndefined();
    const common = commonProviders([1, 2, 3])!;
    for (const p of common) for (const id of [1, 2, 3]) expect(sellerProviders(id)).toContain(p);
    expect(common).toContain(OWN_PROVIDER);
  });
});
