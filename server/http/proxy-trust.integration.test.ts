import { afterAll, describe, expect, it } from "vitest";
import { closeStorefront, storefrontApp } from "#tests/fixtures/storefront-app.ts";
import { appWith } from "#tests/fixtures/test-app.ts";

/**
 * Proxy headers are believed only with TRUST_PROXY, and PUBLIC_ORIGIN outranks them (ADR 026): the API's
 * Origin check, HSTS, the cookies' Secure flag, robots.txt, the sitemap and the pages' canonical links all
 * follow the one public origin.
 */
afterAll(closeStorefront);

/** What a TLS-terminating proxy in front of http://10.0.0.7:3000 adds for https://shop.example. */
const FROM_PROXY = { "X-Forwarded-Host": "shop.example", "X-Forwarded-Proto": "https" };
const INTERNAL = "http://10.0.0.7:3000";
const UNTRUSTED = {};
const TRUSTED = { TRUST_PROXY: "1" };
const FIXED = { PUBLIC_ORIGIN: "https://shop.example" };

function recordSearch(
  app: Awaited<ReturnType<typeof appWith>>,
  origin: string,
  headers: Record<string, string> = {},
) {
  return app.request(`${INTERNAL}/api/v1/search/recent`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ query: "чайник" }),
  });
}

describe("the API's Origin check", () => {
  it("accepts our public pages behind a trusted proxy or a fixed PUBLIC_ORIGIN, not on a forwarded header's word", async () => {
    expect((await recordSearch(await appWith(UNTRUSTED), "https://shop.example", FROM_PROXY)).status).toBe(
      403,
    );
    expect((await recordSearch(await appWith(TRUSTED), "https://shop.example", FROM_PROXY)).status).toBe(200);
    expect((await recordSearch(await appWith(FIXED), "https://shop.example")).status).toBe(200);
  });

  it("refuses another site that forges the forwarded host, and another scheme or port of ours", async () => {
    const forged = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };
    expect((await recordSearch(await appWith(UNTRUSTED), "https://evil.example", forged)).status).toBe(403);
    expect((await recordSearch(await appWith(FIXED), "https://evil.example", forged)).status).toBe(403);
    expect((await recordSearch(await appWith(FIXED), "http://shop.example")).status).toBe(403);
    expect((await recordSearch(await appWith(TRUSTED), "https://shop.example:8443", FROM_PROXY)).status).toBe(
      403,
    );
    // Straight to the server, no proxy: its own address is its origin.
    expect((await recordSearch(await appWith(UNTRUSTED), INTERNAL)).status).toBe(200);
  });
});

describe("HSTS", () => {
  const hsts = async (env: Record<string, string>, url: string, headers: Record<string, string> = {}) =>
    (await (await appWith(env)).request(url, { headers })).headers.get("strict-transport-security");

  it("is sent only when the browser used HTTPS", async () => {
    expect(await hsts(UNTRUSTED, `${INTERNAL}/healthz`)).toBeNull();
    expect(await hsts(UNTRUSTED, `${INTERNAL}/healthz`, FROM_PROXY)).toBeNull();
    expect(await hsts(TRUSTED, `${INTERNAL}/healthz`, FROM_PROXY)).toBe(
      "max-age=15552000; includeSubDomains",
    );
    expect(await hsts(TRUSTED, `${INTERNAL}/healthz`, { "X-Forwarded-Proto": "http" })).toBeNull();
    expect(await hsts(FIXED, `${INTERNAL}/api/v1/categories`)).toBe("max-age=15552000; includeSubDomains");
    expect(await hsts(UNTRUSTED, "https://shop.example/healthz")).toBe("max-age=15552000; includeSubDomains");
  });
});

describe("cookies", () => {
  const visitorCookie = async (env: Record<string, string>, headers: Record<string, string> = {}) =>
    (await recordSearch(await appWith(env), env.PUBLIC_ORIGIN ?? INTERNAL, headers)).headers.get(
      "set-cookie",
    );

  it("are Secure exactly when the browser used HTTPS", async () => {
    expect(await visitorCookie(UNTRUSTED, { "X-Forwarded-Proto": "https" })).not.toContain("Secure");
    expect(await visitorCookie(FIXED)).toContain("Secure");
  });
});

describe("robots.txt and the sitemap", () => {
  const robotsSitemapLine = async (env: Record<string, string>, headers: Record<string, string> = {}) =>
    (await (await (await appWith(env)).request(`${INTERNAL}/robots.txt`, { headers })).text())
      .split("\n")
      .find((line) => line.startsWith("Sitemap:"));

  it("name the public origin", async () => {
    expect(await robotsSitemapLine(UNTRUSTED, FROM_PROXY)).toBe(`Sitemap: ${INTERNAL}/sitemap.xml`);
    expect(await robotsSitemapLine(TRUSTED, FROM_PROXY)).toBe("Sitemap: https://shop.example/sitemap.xml");
    expect(await robotsSitemapLine(FIXED, { "X-Forwarded-Host": "evil.example" })).toBe(
      "Sitemap: https://shop.example/sitemap.xml",
    );
    const index = await (
      await (await appWith(TRUSTED)).request(`${INTERNAL}/sitemap.xml`, { headers: FROM_PROXY })
    ).text();
    expect(index).toContain("<loc>https://shop.example/sitemaps/pages.xml</loc>");
  });
});

describe("pages", () => {
  const canonical = async (env: Record<string, string>, headers: Record<string, string> = {}) => {
    const res = await (await storefrontApp(env)).request(`${INTERNAL}/product/1`, { headers });
    expect(res.status).toBe(200);
    const html = await res.text();
    return {
      canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
      ogUrl: /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1],
    };
  };

  it("link their canonical address on the public origin", async () => {
    expect(await canonical(FIXED, { "X-Forwarded-Host": "evil.example" })).toEqual({
      canonical: "https://shop.example/product/1",
      ogUrl: "https://shop.example/product/1",
    });
    expect((await canonical(TRUSTED, FROM_PROXY)).canonical).toBe("https://shop.example/product/1");
    // Untrusted, a forged header cannot put another site into the page (or a kept copy of it).
    expect((await canonical(UNTRUSTED, { "X-Forwarded-Host": "evil.example" })).canonical).toBe(
      `${INTERNAL}/product/1`,
    );
  });
});
