import { describe, expect, it } from "vitest";
import type {
  PickupPointCard,
  PickupPointFilters,
  PickupPointList,
  SellerDeliveryList,
  SlotList,
  StreetLines,
} from "#contract/delivery.ts";
import { deliveryDate, deliveryPromise } from "#contract/delivery-dates.ts";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { deliverySlots } from "#server/db/schema/index.ts";
import { metresToStreet } from "#server/domain/delivery/address-rules.ts";
import { commonProviders, sellerProviders } from "#server/domain/delivery/provider-rules.ts";
import { slotCapacity } from "#server/domain/delivery/slot-rules.ts";
import { createLogger } from "#server/logger.ts";
import { callApi, readJson, TEST_ORIGIN } from "#tests/fixtures/api-call.ts";
import { basketOfSellers, cityNamed, pointsOf, sellersWithWarehouse } from "#tests/fixtures/delivery-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

const BASE = "/api/v1/deliveries";

/** The app with its clock fixed at `at` (the delivery service's only notion of now). */
async function appAt(at: string) {
  const { database } = await getTestContext();
  const app = createApp({
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    services: createServices(database.db, { delivery: { clock: () => new Date(at) } }),
    logger: createLogger("silent"),
    checks: {},
  });
  return async <T>(path: string, cookie?: string) => {
    const res = await app.request(`${TEST_ORIGIN}${BASE}${path}`, cookie ? { headers: { cookie } } : {});
    return readJson<T>(res);
  };
}

const get = async <T>(path: string, cookie?: string) =>
  readJson<T>(await callApi(`${BASE}${path}`, cookie ? { cookie } : {}));

async function city(name = "Москва") {
  return cityNamed((await getTestContext()).database.db, name);
}

describe("GET /api/v1/deliveries/points", () => {
  it("lists the city's points by address and filters by provider, kind, fitting room, card and area", async () => {
    const moscow = await city();
    const all = await get<PickupPointList>(`/points?cityId=${moscow.id}`);
    expect(all.city).toMatchObject({ id: moscow.id, name: "Москва" });
    expect(all.items).toHaveLength(25);
    const addresses = all.items.map((p) => p.address);
    expect(addresses).toEqual([...addresses].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const p of all.items) expect(p.address).toMatch(/^(\S+ )?\S+ \S+, д \S+/);

    const cdek = await get<PickupPointList>(
      `/points?cityId=${moscow.id}&provider=${encodeURIComponent("СДЭК")}`,
    );
    expect(cdek.items.length).toBeGreaterThan(0);
    expect(cdek.items.length).toBe(all.items.filter((p) => p.provider === "СДЭК").length);
    const two = await get<PickupPointList>(
      `/points?cityId=${moscow.id}&provider=${encodeURIComponent("СДЭК,Boxberry")}`,
    );
    expect(two.items.length).toBe(all.items.filter((p) => ["СДЭК", "Boxberry"].includes(p.provider)).length);

    for (const [query, keep] of [
      ["kind=parcel_locker", (p: PickupPointList["items"][number]) => p.kind === "parcel_locker"],
      ["kind=point", (p: PickupPointList["items"][number]) => p.kind === "point"],
      ["fittingRoom=true", (p: PickupPointList["items"][number]) => p.fittingRoom],
      ["cardPayment=true", (p: PickupPointList["items"][number]) => p.cardPayment],
      ["cardPayment=false", (p: PickupPointList["items"][number]) => !p.cardPayment],
    ] as const) {
      const filtered = await get<PickupPointList>(`/points?cityId=${moscow.id}&${query}`);
      expect(
        filtered.items.map((p) => p.id),
        query,
      ).toEqual(all.items.filter(keep).map((p) => p.id));
    }

    // The map's visible area: the points north-east of the centre.
    const bbox = `${moscow.longitude},${moscow.latitude},${moscow.longitude + 1},${moscow.latitude + 1}`;
    const ne = await get<PickupPointList>(`/points?cityId=${moscow.id}&bbox=${bbox}`);
    expect(ne.items.map((p) => p.id)).toEqual(
      all.items
        .filter((p) => p.latitude >= moscow.latitude && p.longitude >= moscow.longitude)
        .map((p) => p.id),
    );
    expect(ne.items.length).toBeLessThan(all.items.length);
  });

  it("keeps the networks all the given sellers ship with", async () => {
    const moscow = await city();
    const all = await get<PickupPointList>(`/points?cityId=${moscow.id}`);
    // Two sellers with different partner networks.
    const ids = [1, 2, 3, 4, 5, 6, 7, 8];
    const [a, b] = [ids.find((id) => sellerProviders(id).length < 5) ?? 1, 2];
    const common = commonProviders([a, b])!;
    const mine = await get<PickupPointList>(`/points?cityId=${moscow.id}&sellerIds=${a},${b}`);
    expect(mine.items.map((p) => p.id)).toEqual(
      all.items.filter((p) => common.includes(p.provider)).map((p) => p.id),
    );
    expect(mine.items.length).toBeLessThan(all.items.length);
  });

  it("answers for the cookie's city, and refuses bad filters with Russian 400s", async () => {
    const spb = await city("Санкт-Петербург");
    const res = await callApi(`${BASE}/points`, { cookie: `city_id=${spb.id}` });
    expect((await readJson<PickupPointList>(res)).items.every((p) => p.cityId === spb.id)).toBe(true);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    const cases: [string, string, string][] = [
      ["/points?kind=shop", "query.kind", "Тип пункта: point или parcel_locker"],
      ["/points?fittingRoom=yes", "query.fittingRoom", "Значение фильтра: true или false"],
      [
        "/points?bbox=1,2,3",
        "query.bbox",
        "Область карты: minLon,minLat,maxLon,maxLat — четыре числа через запятую",
      ],
      ["/points?cityId=0", "query.cityId", "Город указан неверно"],
    ];
    for (const [path, field, message] of cases) {
      const body = await readJson<{ fields: { field: string; message: string }[] }>(
        await callApi(`${BASE}${path}`),
        400,
      );
      expect(body.fields).toContainEqual({ field, message });
    }
    expect((await readJson<{ code: string }>(await callApi(`${BASE}/points?cityId=999999`), 404)).code).toBe(
      "city_not_found",
    );
  });
});

describe("GET /api/v1/deliveries/points/{id}", () => {
  it("shows the card with hours by day and whether the point is open now in its city's time", async () => {
    const { database } = await getTestContext();
    const moscow = await city();
    const points = await pointsOf(database.db, moscow.id);
    const daytime = points.find((p) => p.hours !== "Круглосуточно")!;
    const allDay = points.find((p) => p.hours === "Круглосуточно");
    // Wednesday 25 November 2026: 12:00 and 03:00 in Moscow (UTC+3).
    const noon = await appAt("2026-11-25T09:00:00Z");
    const night = await appAt("2026-11-25T00:00:00Z");

    const open = await noon<PickupPointCard>(`/points/${daytime.id}`);
    expect(open).toMatchObject({
      id: daytime.id,
      provider: daytime.provider,
      hours: daytime.hours,
      timezone: "Europe/Moscow",
      openNow: true,
      openNowText: `Открыто до ${daytime.schedule[2]!.closes}`,
    });
    expect(open.schedule.map((d) => d.label)).toEqual(["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"]);
    expect(open.schedule.map((d) => d.hours)).toEqual(daytime.schedule);
    expect(open.storageDays).toBeGreaterThan(0);
    expect(open.howToFind).toMatch(/[А-Яа-я]/);
    expect(open.exceptions).toContainEqual({ date: "2027-01-01", hours: null });

    const closed = await night<PickupPointCard>(`/points/${daytime.id}`);
    expect(closed.openNow).toBe(false);
    expect(closed.openNowText).toBe(`Закрыто, откроется в ${daytime.schedule[2]!.opens}`);

    if (allDay) {
      const always = await night<PickupPointCard>(`/points/${allDay.id}`);
      expect(always).toMatchObject({ openNow: true, openNowText: "Открыто круглосуточно", exceptions: [] });
    }
    // New Year's Day: closed by its exception, whatever the week says.
    const newYear = await appAt("2027-01-01T09:00:00Z");
    expect((await newYear<PickupPointCard>(`/points/${daytime.id}`)).openNow).toBe(false);

    expect((await readJson<{ code: string }>(await callApi(`${BASE}/points/99999999`), 404)).code).toBe(
      "pickup_point_not_found",
    );
    const bad = await readJson<{ fields: { field: string; message: string }[] }>(
      await callApi(`${BASE}/points/abc`),
      400,
    );
    expect(bad.fields[0]).toEqual({
      field: "path.id",
      message: "Номер пункта выдачи должен быть целым положительным числом",
    });
  });
});

describe("GET /api/v1/deliveries/seller/points/filter", () => {
  it("offers the city's providers and kinds with counts that add up to its points", async () => {
    const moscow = await city();
    const all = await get<PickupPointList>(`/points?cityId=${moscow.id}`);
    const filters = await get<PickupPointFilters>(`/seller/points/filter?cityId=${moscow.id}`);
    expect(filters.total).toBe(all.items.length);
    expect(filters.providers.reduce((n, p) => n + p.count, 0)).toBe(all.items.length);
    for (const p of filters.providers)
      expect(p.count).toBe(all.items.filter((i) => i.provider === p.value).length);
    expect(filters.kinds.map((k) => k.label)).toContain("Пункт выдачи");
    expect(filters.kinds.reduce((n, k) => n + k.count, 0)).toBe(all.items.length);
    expect(filters.fittingRoom.count).toBe(all.items.filter((i) => i.fittingRoom).length);
    expect(filters.cardPayment.count).toBe(all.items.filter((i) => i.cardPayment).length);
    const sellerA = [1, 2, 3, 4, 5, 6, 7, 8].find((id) => sellerProviders(id).length < 5)!;
    const narrowed = await get<PickupPointFilters>(
      `/seller/points/filter?cityId=${moscow.id}&sellerIds=${sellerA}`,
    );
    expect(narrowed.providers.every((p) => sellerProviders(sellerA).includes(p.value))).toBe(true);
    expect(narrowed.total).toBeLessThanOrEqual(filters.total);
    const bad = await readJson<{ fields: { field: string; message: string }[] }>(
      await callApi(
        `${BASE}/seller/points/filter?sellerIds=${Array.from({ length: 51 }, (_, i) => i + 1).join(",")}`,
      ),
      400,
    );
    expect(bad.fields[0]).toEqual({
      field: "query.sellerIds",
      message: "Продавцы: до 50 номеров через запятую",
    });
  });
});

describe("GET /api/v1/deliveries/seller", () => {
  it("gives each seller's date from its warehouse and cut-off, the courier price and pickup", async () => {
    const { database } = await getTestContext();
    const moscow = await city();
    const sellers = await sellersWithWarehouse(database.db);
    const local = sellers.find((s) => s.warehouse === "Москва" && s.cutoffHour >= 14)!;
    const far = sellers.find((s) => s.warehouse !== "Москва" && s.warehouse !== "Санкт-Петербург");
    const ids = [local.id, ...(far ? [far.id] : [])];
    // 10:00 in Moscow: before every cut-off of 12 or later.
    const morning = await appAt("2026-11-25T07:00:00Z");
    const answer = await morning<SellerDeliveryList>(
      `/seller?cityId=${moscow.id}&sellerIds=${ids.join(",")}`,
    );
    expect(answer.city).toEqual({ id: moscow.id, name: "Москва", timezone: "Europe/Moscow" });
    expect(answer.today).toBe("2026-11-25");
    const mine = answer.items.find((i) => i.sellerId === local.id)!;
    expect(mine).toMatchObject({
      warehouseCity: { name: "Москва" },
      cutoffHour: local.cutoffHour,
      deliveryDate: "2026-11-26",
      promise: "Доставим завтра",
      courier: { available: true },
      pickup: { available: true, price: 0 },
    });
    expect(mine.courier.price).toBeGreaterThan(0);
    expect(mine.pickup.providers).toContain("Витрина");
    // The answer holds until the warehouse's cut-off that day.
    expect(mine.validUntil).toBe(`2026-11-25T${String(local.cutoffHour - 3).padStart(2, "0")}:00:00.000Z`);
    // After the cut-off the parcel leaves tomorrow: the day after tomorrow.
    const evening = await appAt(`2026-11-25T${String(local.cutoffHour - 3 + 1).padStart(2, "0")}:30:00Z`);
    const later = await evening<SellerDeliveryList>(`/seller?cityId=${moscow.id}&sellerIds=${local.id}`);
    expect(later.items[0]).toMatchObject({ deliveryDate: "2026-11-27", promise: "Доставим послезавтра" });
    if (far) {
      const farItem = answer.items.find((i) => i.sellerId === far.id)!;
      const warehouse = await city(far.warehouse);
      const expected = deliveryDate(
        { warehouse, cutoffHour: far.cutoffHour },
        moscow,
        new Date("2026-11-25T07:00:00Z"),
      );
      expect(farItem.deliveryDate).toBe(expected);
      expect(farItem.promise).toBe(deliveryPromise(expected, "2026-11-25"));
      expect(farItem.deliveryDate > mine.deliveryDate).toBe(true);
    }
  });

  it("without sellerIds reads the sellers of the basket's selected lines, personal and never stored", async () => {
    const { database } = await getTestContext();
    const sellers = await sellersWithWarehouse(database.db);
    // 22 characters of the visitor id alphabet.
    const visitorId = `deliverytest${String(Date.now()).slice(-10)}`;
    const [a, b, c] = [sellers[0]!.id, sellers[1]!.id, sellers[2]!.id];
    await basketOfSellers(database.db, visitorId, [a, b], c);
    const res = await callApi(`${BASE}/seller`, { cookie: `vid=${visitorId}` });
    const answer = await readJson<SellerDeliveryList>(res);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.items.map((i) => i.sellerId)).toEqual([a, b].sort((x, y) => x - y));
    expect(answer.city.name).toBe("Москва");
    expect((await get<SellerDeliveryList>("/seller")).items).toEqual([]);
    const bad = await readJson<{ fields: { field: string }[] }>(
      await callApi(`${BASE}/seller?sellerIds=1,x`),
      400,
    );
    expect(bad.fields[0]!.field).toMatch(/^query\.sellerIds/);
  });
});

describe("GET /api/v1/deliveries/streets", () => {
  it("draws the city's streets as lines, and every pickup point stands on one of them", async () => {
    const moscow = await city();
    const res = await callApi(`${BASE}/streets?cityId=${moscow.id}`);
    const { streets } = await readJson<StreetLines>(res);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(streets.length).toBeGreaterThan(30);
    for (const street of streets) {
      expect(street.name).toMatch(/[А-Яа-я]/);
      expect(street.points.length).toBeGreaterThanOrEqual(2);
    }
    const lines = streets.map((s) => ({
      startLatitude: s.points[0]![0],
      startLongitude: s.points[0]![1],
      endLatitude: s.points.at(-1)![0],
      endLongitude: s.points.at(-1)![1],
    }));
    const { items } = await get<PickupPointList>(`/points?cityId=${moscow.id}`);
    for (const point of items) {
      const nearest = Math.min(
        ...lines.map((l) => metresToStreet(point, l as Parameters<typeof metresToStreet>[1])),
      );
      expect(nearest, point.address).toBeLessThan(30);
      // Named after that street.
      const onStreet = streets.find((s) => point.address.startsWith(`${s.name}, `));
      expect(onStreet, point.address).toBeDefined();
    }
    const noCity = await readJson<{ fields: { field: string; message: string }[] }>(
      await callApi(`${BASE}/streets`),
      400,
    );
    expect(noCity.fields[0]).toEqual({ field: "query.cityId", message: "Город указан неверно" });
    expect((await callApi(`${BASE}/streets?cityId=999999`)).status).toBe(404);
  });
});

describe("GET /api/v1/deliveries/slots", () => {
  it("offers 7 days of four windows from tomorrow, with the city's capacity less what is booked", async () => {
    const { database } = await getTestContext();
    const small = await city("Псков");
    const at = await appAt("2030-03-05T07:00:00Z");
    const list = await at<SlotList>(`/slots?cityId=${small.id}`);
    expect(list.city.name).toBe("Псков");
    expect(list.from).toBe("2030-03-06");
    expect(list.days.map((d) => d.date)).toEqual([
      "2030-03-06",
      "2030-03-07",
      "2030-03-08",
      "2030-03-09",
      "2030-03-10",
      "2030-03-11",
      "2030-03-12",
    ]);
    expect(list.days[0]!.label).toBe("завтра, 6 марта");
    expect(list.days[2]!.label).toBe("пт, 8 марта");
    expect(list.days[0]!.slots.map((s) => s.label)).toEqual([
      "09:00–12:00",
      "12:00–15:00",
      "15:00–18:00",
      "18:00–21:00",
    ]);
    expect(list.days[0]!.slots[0]).toMatchObject({
      capacity: slotCapacity(small),
      booked: 0,
      free: slotCapacity(small),
      available: true,
    });

    // A full window and a window with its own capacity.
    await database.db.insert(deliverySlots).values([
      { cityId: small.id, date: "2030-03-07", startsHour: 9, endsHour: 12, capacity: 2, booked: 2 },
      { cityId: small.id, date: "2030-03-07", startsHour: 12, endsHour: 15, capacity: 10, booked: 3 },
    ]);
    const day = await at<SlotList>(`/slots?cityId=${small.id}&date=2030-03-07`);
    expect(day.days).toHaveLength(1);
    expect(day.days[0]!.slots.slice(0, 3)).toMatchObject([
      { startsHour: 9, capacity: 2, booked: 2, free: 0, available: false },
      { startsHour: 12, capacity: 10, booked: 3, free: 7, available: true },
      { startsHour: 15, capacity: slotCapacity(small), booked: 0, available: true },
    ]);
    // A date outside the bookable week: no days.
    expect((await at<SlotList>(`/slots?cityId=${small.id}&date=2030-04-25`)).days).toEqual([]);
  });

  it("starts from the latest delivery date of the given sellers", async () => {
    const { database } = await getTestContext();
    const vladivostok = await city("Владивосток");
    const sellers = await sellersWithWarehouse(database.db);
    const moscowSeller = sellers.find((s) => s.warehouse === "Москва")!;
    const at = await appAt("2030-03-05T07:00:00Z");
    const list = await at<SlotList>(`/slots?cityId=${vladivostok.id}&sellerIds=${moscowSeller.id}`);
    const moscow = await city();
    const expected = deliveryDate(
      { warehouse: moscow, cutoffHour: moscowSeller.cutoffHour },
      vladivostok,
      new Date("2030-03-05T07:00:00Z"),
    );
    expect(list.from).toBe(expected);
    expect(list.days[0]!.date).toBe(expected);
    const bad = await readJson<{ fields: { field: string; message: string }[] }>(
      await callApi(`${BASE}/slots?date=2026-13-45`),
      400,
    );
    expect(bad.fields[0]).toEqual({ field: "query.date", message: "Дата в формате ГГГГ-ММ-ДД" });
  });
});
