import { describe, expect, it } from "vitest";
import { getTestContext } from "#tests/fixtures/test-app.ts";

type Recent = { id: number; query: string; searchedAt: string };

async function api() {
  const { app } = await getTestContext();
  return app;
}

function record(cookie: string | undefined, query: unknown) {
  return api().then((app) =>
    app.request("/api/v1/search/recent", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify({ query }),
    }),
  );
}

async function list(cookie?: string): Promise<Recent[]> {
  const res = await (await api()).request("/api/v1/search/recent", {
    headers: cookie ? { Cookie: cookie } : {},
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  return (await res.json()).items;
}

/** A new visitor: the first recorded query issues the cookie. */
async function newVisitor(firstQuery: string): Promise<string> {
  const res = await record(undefined, firstQuery);
  expect(res.status).toBe(200);
  const cookie = res.headers.get("set-cookie") ?? "";
  expect(cookie).toMatch(/^vid=[A-Za-z0-9_-]{22};/);
  expect(cookie).toContain("HttpOnly");
  return cookie.split(";")[0]!;
}

describe("recent searches", () => {
  it("answers an empty list without a cookie, and issues none", async () => {
    const res = await (await api()).request("/api/v1/search/recent");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await list()).toEqual([]);
  });

  it("records queries newest first, trimmed and collapsed, without issuing a second cookie", async () => {
    const cookie = await newVisitor("  смартфон  ");
    const res = await record(cookie, "чайник   электрический");
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const entry = (await res.json()) as Recent;
    expect(entry.query).toBe("чайник электрический");
    expect(Number.isNaN(Date.parse(entry.searchedAt))).toBe(false);
    expect((await list(cookie)).map((r) => r.query)).toEqual(["чайник электрический", "смартфон"]);
  });

  it("keeps one entry per query whatever its case or ё, moving a repeat to the top in its latest form", async () => {
    const cookie = await newVisitor("Ёлка");
    await record(cookie, "кроссовки");
    await record(cookie, "ноутбук");
    const first = (await list(cookie)).find((r) => r.query === "Ёлка")!;
    const again = (await (await record(cookie, "ЕЛКА")).json()) as Recent;
    expect(again.id).toBe(first.id);
    expect((await list(cookie)).map((r) => r.query)).toEqual(["ЕЛКА", "ноутбук", "кроссовки"]);
  });

  it("keeps the newest 20 only", async () => {
    const cookie = await newVisitor("запрос 1");
    for (let i = 2; i <= 23; i++) expect((await record(cookie, `запрос ${i}`)).status).toBe(200);
    const items = await list(cookie);
    expect(items).toHaveLength(20);
    expect(items[0]!.query).toBe("запрос 23");
    expect(items.at(-1)!.query).toBe("запрос 4");
    // A kept one searched again moves up; nothing else is lost.
    await record(cookie, "запрос 4");
    expect((await list(cookie)).map((r) => r.query).slice(0, 2)).toEqual(["запрос 4", "запрос 23"]);
    expect(await list(cookie)).toHaveLength(20);
  });

  it("removes one entry, and clears them all", async () => {
    const app = await api();
    const cookie = await newVisitor("пылесос");
    await record(cookie, "утюг");
    await record(cookie, "фен");
    const utyug = (await list(cookie)).find((r) => r.query === "утюг")!;
    const removed = await app.request(`/api/v1/search/recent/${utyug.id}`, {
      method: "DELETE",
      headers: { Cookie: cookie },
    });
    expect(removed.status).toBe(204);
    expect(removed.headers.get("cache-control")).toBe("private, no-store");
    expect((await list(cookie)).map((r) => r.query)).toEqual(["фен", "пылесос"]);
    // Removing it again is not an error.
    expect(
      (
        await app.request(`/api/v1/search/recent/${utyug.id}`, {
          method: "DELETE",
          headers: { Cookie: cookie },
        })
      ).status,
    ).toBe(204);

    const cleared = await app.request("/api/v1/search/recent", {
      method: "DELETE",
      headers: { Cookie: cookie },
    });
    expect(cleared.status).toBe(204);
    expect(await list(cookie)).toEqual([]);
  });

  it("keeps visitors apart: one cannot see, remove or clear another's queries", async () => {
    const app = await api();
    const alice = await newVisitor("платье");
    const bob = await newVisitor("дрель");
    expect((await list(alice)).map((r) => r.query)).toEqual(["платье"]);
    expect((await list(bob)).map((r) => r.query)).toEqual(["дрель"]);

    const dress = (await list(alice))[0]!;
    await app.request(`/api/v1/search/recent/${dress.id}`, { method: "DELETE", headers: { Cookie: bob } });
    await app.request("/api/v1/search/recent", { method: "DELETE", headers: { Cookie: bob } });
    expect((await list(alice)).map((r) => r.query)).toEqual(["платье"]);
    expect(await list(bob)).toEqual([]);
  });

  it("drops control characters and broken surrogates instead of failing or storing garbage", async () => {
    const cookie = await newVisitor("кофе\u0000машина");
    expect((await record(cookie, "чай\ud800ник")).status).toBe(200);
    expect((await list(cookie)).map((r) => r.query)).toEqual(["чай ник", "кофе машина"]);
    const onlyControl = await record(undefined, "\u0000\u0007");
    expect(onlyControl.status).toBe(400);
    expect((await onlyControl.json()).fields[0].message).toBe("Введите поисковый запрос");
  });

  it("refuses an empty, blank, too long or missing query with Russian messages", async () => {
    for (const query of ["", "   ", "я".repeat(101), undefined, 42]) {
      const res = await record(undefined, query);
      expect(res.status).toBe(400);
      expect(res.headers.get("set-cookie")).toBeNull();
      const body = await res.json();
      expect(body).toMatchObject({ status: 400, type: "validation" });
      expect(body.fields[0].field).toBe("body.query");
      expect(body.fields[0].message).toMatch(/[а-яё]/i);
    }
    expect((await (await record(undefined, "   ")).json()).fields[0].message).toBe(
      "Введите поисковый запрос",
    );
    expect((await (await record(undefined, "я".repeat(101))).json()).fields[0].message).toBe(
      "Запрос длиннее 100 символов",
    );
    // 100 characters after trimming are fine.
    expect((await record(undefined, ` ${"я".repeat(100)} `)).status).toBe(200);
  });

  it("refuses an id that is not a positive integer", async () => {
    const res = await (await api()).request("/api/v1/search/recent/abc", { method: "DELETE" });
    expect(res.status).toBe(400);
    expect((await res.json()).fields[0].field).toBe("path.id");
  });

  it("refuses a record sent from another site's page", async () => {
    const res = await (await api()).request("http://shop.local/api/v1/search/recent", {
      method: "POST",
      headers: { Origin: "https://evil.example", Host: "shop.local", "Content-Type": "application/json" },
      body: JSON.stringify({ query: "смартфон" }),
    });
    expect(res.status).toBe(403);
  });
});
