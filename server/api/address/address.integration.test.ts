import { describe, expect, it } from "vitest";
import { type CityList, cityListSchema, currentCitySchema } from "#contract/geo.ts";
import { appWith, getTestContext } from "#tests/fixtures/test-app.ts";

async function get(path: string, headers: Record<string, string> = {}) {
  const { app } = await getTestContext();
  return app.request(`/api/v1/address${path}`, { headers });
}

async function find(query: string): Promise<CityList> {
  const res = await get(`/find/city?${new URLSearchParams({ query })}`);
  expect(res.status).toBe(200);
  return cityListSchema.parse(await res.json());
}

async function cityId(name: string): Promise<number> {
  const { items } = cityListSchema.parse(await (await get("")).json());
  const city = items.find((c) => c.name === name);
  if (!city) throw new Error(`${name} is not seeded`);
  return city.id;
}

/** "city_id=5" from a Set-Cookie header, to send back as a Cookie header. */
function cookiePair(setCookie: string | null): string {
  expect(setCookie).not.toBeNull();
  return setCookie!.split(";")[0]!;
}

describe("GET /api/v1/address", () => {
  it("lists the 100 seeded cities, Moscow first, largest to smallest, cacheable for an hour", async () => {
    const res = await get("");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const { items } = cityListSchema.parse(await res.json());
    expect(items).toHaveLength(100);
    expect(items[0]).toMatchObject({ name: "Москва", region: "Москва", timezone: "Europe/Moscow" });
    expect(items[1]?.name).toBe("Санкт-Петербург");
    expect(new Set(items.map((c) => c.id)).size).toBe(100);
  });
});

describe("GET /api/v1/address/find/city", () => {
  it("suggests cities whose name starts with the query first, case-insensitively", async () => {
    const names = (await find("ниж")).items.map((c) => c.name);
    expect(names[0]).toBe("Нижний Новгород");
    expect(names).toContain("Нижний Тагил");
    expect(names).toContain("Нижнекамск");

    expect((await find("КАЗ")).items[0]?.name).toBe("Казань");
    expect((await find("ростов-на")).items[0]?.name).toBe("Ростов-на-Дону");
  });

  it("ranks prefix matches by population, then words inside the name", async () => {
    const names = (await find("новгород")).items.map((c) => c.name);
    expect(names.slice(0, 2)).toEqual(["Нижний Новгород", "Великий Новгород"]);
  });

  it("tolerates typos", async () => {
    expect((await find("екатеренбург")).items[0]?.name).toBe("Екатеринбург");
    expect((await find("новосибирк")).items[0]?.name).toBe("Новосибирск");
    expect((await find("питербург")).items.map((c) => c.name)).toContain("Санкт-Петербург");
  });

  it("treats ё and е as the same letter both ways", async () => {
    expect((await find("орел")).items[0]?.name).toBe("Орёл");
    expect((await find("Королёв")).items[0]?.name).toBe("Королёв");
    expect((await find("королев")).items[0]?.name).toBe("Королёв");
  });

  it("returns at most `limit` suggestions and nothing for gibberish", async () => {
    const res = await get(`/find/city?${new URLSearchParams({ query: "с", limit: "3" })}`);
    expect(cityListSchema.parse(await res.json()).items).toHaveLength(3);
    expect((await find("zzzzqqq")).items).toEqual([]);
    expect((await find("%_")).items).toEqual([]);
  });

  it("rejects an empty query and a bad limit with 400 naming each field", async () => {
    for (const qs of ["", "query=", "query=%20%20"]) {
      const res = await get(`/find/city?${qs}`);
      expect(res.status, qs).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({ status: 400, type: "validation", code: "invalid_parameters" });
      expect(body.fields.map((f: { field: string }) => f.field)).toEqual(["query.query"]);
    }
    const res = await get(`/find/city?query=${"а".repeat(101)}&limit=21`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fields.map((f: { field: string }) => f.field).sort()).toEqual(["query.limit", "query.query"]);
  });
});

describe("GET /api/v1/address/current and POST /api/v1/address/confirm/{id}", () => {
  it("defaults to Moscow, unconfirmed, and is kept only by the browser, per city cookie", async () => {
    const res = await get("/current");
    expect(res.status).toBe(200);
    // Declared `city` (ADR 022): never in a shared cache, revalidated by the browser on every use.
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("vary")).toContain("Cookie");
    const body = currentCitySchema.parse(await res.json());
    expect(body.city.name).toBe("Москва");
    expect(body.confirmed).toBe(false);
  });

  it("remembers the confirmed city in an HttpOnly cookie for a year", async () => {
    const { app } = await getTestContext();
    const kazan = await cityId("Казань");
    const res = await app.request(`/api/v1/address/confirm/${kazan}`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(currentCitySchema.parse(await res.json())).toMatchObject({
      city: { id: kazan, name: "Казань" },
      confirmed: true,
    });
    const setCookie = res.headers.get("set-cookie");
    expect(setCookie).toContain(`city_id=${kazan}`);
    expect(setCookie).toContain("Max-Age=31536000");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).not.toContain("Secure");

    const current = await get("/current", { Cookie: cookiePair(setCookie) });
    expect(currentCitySchema.parse(await current.json())).toMatchObject({
      city: { id: kazan, name: "Казань", region: "Республика Татарстан" },
      confirmed: true,
    });
  });

  it("marks the cookie Secure when the request came over https", async () => {
    const { app } = await getTestContext();
    const id = await cityId("Омск");
    const direct = await app.request(`https://shop.example/api/v1/address/confirm/${id}`, { method: "POST" });
    expect(direct.headers.get("set-cookie")).toContain("Secure");
    // Behind a TLS proxy the request URL is http: its X-Forwarded-Proto counts only with TRUST_PROXY (ADR 026).
    const proxied = (trusted: Awaited<ReturnType<typeof appWith>>) =>
      trusted.request(`/api/v1/address/confirm/${id}`, {
        method: "POST",
        headers: { "X-Forwarded-Proto": "https" },
      });
    expect((await proxied(await appWith({ TRUST_PROXY: "1" }))).headers.get("set-cookie")).toContain(
      "Secure",
    );
    expect((await proxied(await appWith({}))).headers.get("set-cookie")).not.toContain("Secure");
  });

  it("answers 404 JSON for a city that does not exist and sets no cookie", async () => {
    const { app } = await getTestContext();
    const res = await app.request("/api/v1/address/confirm/999999", { method: "POST" });
    expect(res.status).toBe(404);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await res.json()).toEqual({
      status: 404,
      code: "city_not_found",
      type: "not_found",
      message: "Город не найден",
    });
  });

  it("answers 400 for an id that is not a positive integer", async () => {
    const { app } = await getTestContext();
    for (const id of ["abc", "0", "-1", "1.5"]) {
      const res = await app.request(`/api/v1/address/confirm/${id}`, { method: "POST" });
      expect(res.status, id).toBe(400);
      expect((await res.json()).fields[0].field).toBe("path.id");
    }
  });

  it("does not confirm a city on GET", async () => {
    const res = await get("/confirm/1");
    // The path exists for POST only: 405 with Allow (ADR 027), and no cookie.
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("falls back to Moscow, unconfirmed, for a garbage or unknown cookie", async () => {
    for (const value of ["garbage", "%E0%A4%A", "1e3", "-5", "99999999999999", "999999", ""]) {
      const res = await get("/current", { Cookie: `city_id=${value}` });
      expect(res.status, value).toBe(200);
      expect(currentCitySchema.parse(await res.json()), value).toMatchObject({
        city: { name: "Москва" },
        confirmed: false,
      });
    }
  });
});
