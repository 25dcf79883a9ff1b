import { describe, expect, it } from "vitest";
import { createSession } from "#tests/factories/sessions.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

// Issue 10, point 4 (ADR 027): bad input is the client's error (400, 405, 415), never a 500. The NUL byte
// cases failed only on PostgreSQL-backed runs of the probe, so this suite runs on both databases.

async function phonesCategoryId(): Promise<number> {
  const { app } = await getTestContext();
  type Node = { id: number; name: string; children: Node[] };
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
  const { items } = await (await app.request("/api/v1/categories")).json();
  return flat(items).find((c) => c.name === "Смартфоны")!.id;
}

async function expectInvalid(url: string, field: string) {
  const { app } = await getTestContext();
  const res = await app.request(url);
  expect(res.status, url).toBe(400);
  expect(await res.json()).toEqual({
    status: 400,
    code: "invalid_parameters",
    type: "validation",
    message: "Некорректные параметры запроса",
    fields: [{ field, message: expect.stringMatching(/[а-я]/) }],
  });
}

describe("URL values the API cannot take", () => {
  it("refuses a NUL byte in any query value with 400 invalid_parameters, not a failed query", async () => {
    const catId = await phonesCategoryId();
    await expectInvalid("/api/v1/route-rules?path=/%00", "query.path");
    await expectInvalid("/api/v1/address/find/city?query=%D0%BC%00", "query.query");
    await expectInvalid(`/api/v1/products?categoryId=${catId}&p.color=%00`, "query.p.color");
    await expectInvalid(`/api/v1/products/facets?categoryId=${catId}&p.color=a%00b`, "query.p.color");
  });

  it("refuses other control characters, malformed percent-encoding and bytes that are not UTF-8", async () => {
    await expectInvalid("/api/v1/search?q=a%0D%0Ab", "query.q");
    await expectInvalid("/api/v1/search?q=%1B%5B31m", "query.q");
    await expectInvalid("/api/v1/search?q=50%", "query.q");
    await expectInvalid("/api/v1/search?q=%ZZ", "query.q");
    // An encoded lone surrogate (CESU-8), an overlong "/" and a stray byte.
    await expectInvalid("/api/v1/search?q=%ED%A0%80", "query.q");
    await expectInvalid("/api/v1/search?q=%C0%AF", "query.q");
    await expectInvalid("/api/v1/search?q=%FF", "query.q");
    await expectInvalid("/api/v1/brands/%FF", "path");
  });

  it("still takes what a shopper types: percent signs encoded, plus as space, Cyrillic, emoji", async () => {
    const { app } = await getTestContext();
    for (const q of ["50%25", "a+b", "%D1%82%D0%B5%D0%BB%D0%B5%D1%84%D0%BE%D0%BD", "%F0%9F%9B%92"]) {
      expect((await app.request(`/api/v1/search?q=${q}`)).status, q).toBe(200);
    }
  });
});

describe("JSON bodies the API cannot store", () => {
  it("refuses a NUL byte or a lone surrogate in a body field with 400 and names the field", async () => {
    const { app, database } = await getTestContext();
    const { cookie } = await createSession(database.db);
    for (const redirectTo of ["/personal\u0000", "/\ud800"]) {
      const res = await app.request("http://localhost/api/user/external/profile", {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ redirectTo }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: "invalid_parameters",
        fields: [{ field: "body.redirectTo", message: "Недопустимые символы" }],
      });
    }
  });

  it("answers 415 with the JSON error to a body that is not JSON", async () => {
    const { app } = await getTestContext();
    const bodies: Record<string, string>[] = [
      { "content-type": "text/plain" },
      { "content-type": "application/x-www-form-urlencoded" },
      {},
    ];
    for (const headers of bodies) {
      const res = await app.request("/api/v1/search/recent", { method: "POST", headers, body: "query=x" });
      expect(res.status).toBe(415);
      expect(await res.json()).toMatchObject({ status: 415, type: "unsupported_media_type" });
    }
  });
});

describe("methods", () => {
  it("answers a method an existing path does not take with 405, Allow and the JSON error", async () => {
    const { app } = await getTestContext();
    const cases: [string, string, string[]][] = [
      ["DELETE", "/api/v1/products", ["GET", "HEAD"]],
      ["POST", "/api/v1/products/1", ["GET", "HEAD"]],
      ["PUT", "/api/v1/search/recent", ["GET", "POST", "DELETE", "HEAD"]],
      ["GET", "/api/v1/viewed/1", ["POST"]],
      ["OPTIONS", "/api/openapi.json", ["GET", "HEAD"]],
    ];
    for (const [method, path, allow] of cases) {
      const res = await app.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow")?.split(", ").sort()).toEqual([...allow].sort());
      expect(await res.json()).toMatchObject({ status: 405, type: "method_not_allowed" });
    }
  });

  it("keeps 404 for a path the API does not have", async () => {
    const { app } = await getTestContext();
    const res = await app.request("/api/v1/nothing-here", { method: "POST" });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "route_not_found" });
  });
});
