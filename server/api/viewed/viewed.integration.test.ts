import { describe, expect, it } from "vitest";
import { createSession } from "#tests/factories/sessions.ts";
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

  it("records a signed-in shopper's views and searches on the account, not on the browser's visitor", async () => {
    const { app, database } = await getTestContext();
    const vid = visitorCookie(await app.request("/api/v1/viewed/11", { method: "POST" }));
    const { cookie: session } = await createSession(database.db);
    const signedIn = { Cookie: `${vid}; ${session}` };
    expect((await app.request("/api/v1/viewed/12", { method: "POST", headers: signedIn })).status).toBe(204);
    const searched = await app.request("/api/v1/search/recent", {
      method: "POST",
      headers: { ...signedIn, "content-type": "application/json" },
      body: JSON.stringify({ query: "пылесос" }),
    });
    expect(searched.status).toBe(200);
    const ids = async (headers: Record<string, string>) =>
      ((await (await app.request("/api/v1/viewed", { headers })).json()).items as { id: number }[]).map(
        (p) => p.id,
      );
    const queries = async (headers: Record<string, string>) =>
      (
        (await (await app.request("/api/v1/search/recent", { headers })).json()).items as { query: string }[]
      ).map((r) => r.query);
    expect(await ids(signedIn)).toEqual([12]);
    expect(await queries(signedIn)).toEqual(["пылесос"]);
    // The same account in another browser sees them; the browser's own visitor does not.
    expect(await ids({ Cookie: session })).toEqual([12]);
    expect(await ids({ Cookie: vid })).toEqual([11]);
    expect(await queries({ Cookie: vid })).toEqual([]);
  });

  it("clears the shopper's history of views, and only theirs", async () => {
    const { app, database } = await getTestContext();
    const a = await createSession(database.db);
    const b = await createSession(database.db);
    for (const { cookie } of [a, b]) {
      await app.request("/api/v1/viewed/14", { method: "POST", headers: { Cookie: cookie } });
    }
    const cleared = await app.request("/api/v1/viewed", { method: "DELETE", headers: { Cookie: a.cookie } });
    expect(cleared.status).toBe(204);
    expect(cleared.headers.get("cache-control")).toBe("private, no-store");
    const list = async (cookie: string) =>
      (await (await app.request("/api/v1/viewed", { headers: { Cookie: cookie } })).json()).items.length;
    expect(await list(a.cookie)).toBe(0);
    expect(await list(b.cookie)).toBe(1);
    const evil = await app.request("http://shop.local/api/v1/viewed", {
      method: "DELETE",
      headers: { Cookie: b.cookie, Origin: "https://evil.example", Host: "shop.local" },
    });
    expect(evil.status).toBe(403);
    expect(await list(b.cookie)).toBe(1);
  });
});
