import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiTransport, isPersonalAnswer } from "./transport.ts";

const json = (headers: Record<string, string> = {}, cookies: string[] = []) => {
  const h = new Headers({ "Content-Type": "application/json", ...headers });
  for (const cookie of cookies) h.append("Set-Cookie", cookie);
  return new Response("{}", { headers: h });
};

describe("createApiTransport in-process", () => {
  it("calls the app with the shopper's cookies and the request id", async () => {
    let seen: Request | undefined;
    const incoming = new Request("http://shop.local/product/1", {
      headers: { Cookie: "sid=abc", "User-Agent": "UA" },
    });
    const { apiFetch } = createApiTransport(incoming, "req-1", {
      appFetch: (request) => {
        seen = request;
        return json({ "Cache-Control": "public, max-age=60" });
      },
    });
    await apiFetch("/api/v1/products?limit=1", { headers: { Accept: "application/json" } });
    expect(new URL(seen!.url).pathname + new URL(seen!.url).search).toBe("/api/v1/products?limit=1");
    expect(seen!.headers.get("cookie")).toBe("sid=abc");
    expect(seen!.headers.get("user-agent")).toBe("UA");
    expect(seen!.headers.get("x-request-id")).toBe("req-1");
    expect(seen!.headers.get("accept")).toBe("application/json");
  });

  it("lets a cacheable render's API calls see only the key cookies, whatever the loader adds", async () => {
    const cookies: (string | null)[] = [];
    const appFetch = (request: Request) => {
      cookies.push(request.headers.get("cookie"));
      return json({ "Cache-Control": "public, max-age=60" });
    };
    const incoming = new Request("http://shop.local/catalog", {
      headers: { Cookie: "vid=AAAA; city_id=3; session=secret; webview=1" },
    });
    const keyed = createApiTransport(incoming, "r", { appFetch }, { cookies: ["city_id", "webview"] });
    await keyed.apiFetch("/api/v1/address/current", { headers: { Cookie: "session=forged" } });
    const none = createApiTransport(incoming, "r", { appFetch }, { cookies: ["nothing-here"] });
    await none.apiFetch("/api/config");
    expect(cookies).toEqual(["city_id=3; webview=1", null]);
  });

  it("names the first API path that failed with a server error", async () => {
    const transport = createApiTransport(new Request("http://shop.local/"), "r", {
      appFetch: (request) =>
        new URL(request.url).pathname === "/api/v1/categories"
          ? new Response("{}", { status: 503, headers: { "Cache-Control": "no-store" } })
          : json({ "Cache-Control": "public, max-age=60" }),
    });
    await transport.apiFetch("/api/config");
    expect(transport.failedRead).toBeUndefined();
    await transport.apiFetch("/api/v1/categories?depth=1");
    expect(transport.failedRead).toBe("/api/v1/categories");
    expect(transport.personalRead).toBeUndefined();
  });

  it("collects every Set-Cookie of the render and names the first personal answer", async () => {
    const answers: Record<string, Response> = {
      "/api/config": json({ "Cache-Control": "public, max-age=60" }),
      "/api/v1/address/current": json({ "Cache-Control": "private, no-cache", Vary: "Cookie" }),
      "/api/v1/viewed": json({ "Cache-Control": "private, no-store" }, ["vid=NEW; Path=/; HttpOnly", "a=1"]),
      "/api/v1/search/recent": json({ "Cache-Control": "private, no-store" }, ["b=2"]),
    };
    const transport = createApiTransport(new Request("http://shop.local/"), "r", {
      appFetch: (request) => answers[new URL(request.url).pathname]!.clone(),
    });
    await transport.apiFetch("/api/config");
    await transport.apiFetch("/api/v1/address/current");
    expect(transport.personalRead).toBeUndefined();
    expect(transport.setCookies).toEqual([]);
    await transport.apiFetch("/api/v1/viewed?limit=3");
    await transport.apiFetch("/api/v1/search/recent");
    expect(transport.personalRead).toBe("/api/v1/viewed");
    expect(transport.setCookies).toEqual(["vid=NEW; Path=/; HttpOnly", "a=1", "b=2"]);
  });
});

describe("createApiTransport over HTTP (API_ORIGIN)", () => {
  let origin: string;
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    res.setHeader("Content-Type", "application/json");
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("Set-Cookie", ["session=rotated; Path=/; HttpOnly", "vid=V; Path=/"]);
    res.end(JSON.stringify({ path: req.url }));
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reaches the API tier with the cookies the render may see and brings back its Set-Cookie", async () => {
    const incoming = new Request("http://shop.local/personal/orders", {
      headers: { Cookie: "session=old; city_id=2", "User-Agent": "UA" },
    });
    const transport = createApiTransport(incoming, "req-9", { apiOrigin: origin });
    const res = await transport.apiFetch("/api/v1/user/profile");
    expect(await res.json()).toEqual({ path: "/api/v1/user/profile" });
    expect(seen.at(-1)).toMatchObject({ cookie: "session=old; city_id=2", "x-request-id": "req-9" });
    expect(transport.setCookies).toEqual(["session=rotated; Path=/; HttpOnly", "vid=V; Path=/"]);
    expect(transport.personalRead).toBe("/api/v1/user/profile");

    const keyed = createApiTransport(incoming, "req-10", { apiOrigin: origin }, { cookies: ["city_id"] });
    await keyed.apiFetch("/api/v1/products");
    expect(seen.at(-1)?.cookie).toBe("city_id=2");
  });
});

describe("isPersonalAnswer", () => {
  it("counts cookies, no-store, a missing policy and private without revalidation as personal", () => {
    expect(
      isPersonalAnswer(json({ "Cache-Control": "public, max-age=60, stale-while-revalidate=600" })),
    ).toBe(false);
    // The API's `city` policy: it may vary by cookie, and the render sent only the key cookies.
    expect(isPersonalAnswer(json({ "Cache-Control": "private, no-cache", Vary: "Cookie" }))).toBe(false);
    expect(isPersonalAnswer(json({ "Cache-Control": "private, no-store" }))).toBe(true);
    expect(isPersonalAnswer(json({ "Cache-Control": "no-store" }))).toBe(true);
    expect(isPersonalAnswer(json({ "Cache-Control": "private, max-age=60" }))).toBe(true);
    expect(isPersonalAnswer(json())).toBe(true);
    expect(isPersonalAnswer(json({ "Cache-Control": "public, max-age=60" }, ["x=1"]))).toBe(true);
  });

  it("counts a 401 or 403 as personal, and bodiless answers and other errors as nobody's", () => {
    const status = (code: number, cc = "private, no-store") =>
      new Response(code === 204 ? null : "{}", { status: code, headers: { "Cache-Control": cc } });
    expect(isPersonalAnswer(status(401))).toBe(true);
    expect(isPersonalAnswer(status(403, "no-store"))).toBe(true);
    // A shared route with nothing to say (the SEO service has no record) is not about the visitor.
    expect(isPersonalAnswer(status(204))).toBe(false);
    expect(isPersonalAnswer(status(404))).toBe(false);
    expect(isPersonalAnswer(status(400))).toBe(false);
    expect(isPersonalAnswer(status(503))).toBe(false);
  });
});
