import { describe, expect, it } from "vitest";
import { getTestContext } from "#tests/fixtures/test-app.ts";

function visitorCookie(res: Response): string {
  const cookie = res.headers.get("set-cookie") ?? "";
  expect(cookie).toMatch(/^vid=[A-Za-z0-9_-]{22};/);
  expect(cookie).toContain("HttpOnly");
  expect(cookie).toContain("SameSite=Lax");
  return cookie.split(";")[0]!;
}

describe("recently viewed products", () => {
  it("remembers views per visitor, newest first, a repeat view moving to the front", async () => {
    const { app } = await getTestContext();
    const first = await app.request("/api/v1/viewed/3", { method: "POST" });
    expect(first.status).toBe(204);
    const cookie = visitorCookie(first);
    for (const id of [5, 7, 3]) {
      const res = await app.request(`/api/v1/viewed/${id}`, { method: "POST", headers: { Cookie: cookie } });
      expect(res.status).toBe(204);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    const list = await app.request("/api/v1/viewed", { headers: { Cookie: cookie } });
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    expect((await list.json()).items.map((p: { id: number }) => p.id)).toEqual([3, 7, 5]);
  });

  it("keeps visitors apart and answers an empty list without a cookie", async () => {
    const { app } = await getTestContext();
    const other = visitorCookie(await app.request("/api/v1/viewed/9", { method: "POST" }));
    expect(
      (await (await app.request("/api/v1/viewed", { headers: { Cookie: other } })).json()).items.map(
        (p: { id: number }) => p.id,
      ),
    ).toEqual([9]);
    expect((await (await app.request("/api/v1/viewed")).json()).items).toEqual([]);
  });

  it("answers 404 for a product that does not exist", async () => {
    const { app } = await getTestContext();
    expect((await app.request("/api/v1/viewed/999999", { method: "POST" })).status).toBe(404);
  });

  it("refuses a state change sent from another site's page", async () => {
    const { app } = await getTestContext();
    const res = await app.request("http://shop.local/api/v1/viewed/3", {
      method: "POST",
      headers: { Origin: "https://evil.example", Host: "shop.local" },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ type: "forbidden", code: "cross_origin" });
    const same = await app.request("http://shop.local/api/v1/viewed/3", {
      method: "POST",
      headers: { Origin: "http://shop.local", Host: "shop.local" },
    });
    expect(same.status).toBe(204);
    const sandboxed = await app.request("http://shop.local/api/v1/viewed/3", {
      method: "POST",
      headers: { Origin: "null", Host: "shop.local" },
    });
    expect(sandboxed.status).toBe(403);
  });
});
