import { afterAll, describe, expect, it } from "vitest";
import { closeStorefront, storefrontApp } from "#tests/fixtures/storefront-app.ts";

/** The icons a page links to exist, with a day's caching (ADR 026). */
afterAll(closeStorefront);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe("site icons", () => {
  it.each(["alfa", "halva"])("every icon the %s page links to answers", async (theme) => {
    const app = await storefrontApp({ THEME: theme });
    const html = await (await app.request("/")).text();
    const links = [...html.matchAll(/<link rel="(apple-touch-icon|icon)" href="([^"]+)"/g)].map((m) => ({
      rel: m[1]!,
      href: m[2]!,
    }));
    expect(links.map((l) => l.rel).sort()).toEqual(["apple-touch-icon", "icon", "icon"]);
    for (const { rel, href } of links) {
      const res = await app.request(href);
      expect(res.status, href).toBe(200);
      expect(res.headers.get("cache-control"), href).toBe("public, max-age=86400");
      if (rel === "apple-touch-icon") {
        expect(href).toBe(`/apple-touch-icon-${theme}.png`);
        expect(res.headers.get("content-type")).toBe("image/png");
        expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 8)]).toEqual(PNG_SIGNATURE);
      }
    }
  });

  it("answers the unthemed names devices ask for with the theme's icon", async () => {
    const app = await storefrontApp({ THEME: "halva" });
    const themed = new Uint8Array(await (await app.request("/apple-touch-icon-halva.png")).arrayBuffer());
    for (const path of ["/apple-touch-icon.png", "/apple-touch-icon-precomposed.png"]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(themed);
    }
    expect((await app.request("/apple-touch-icon-nope.png")).status).toBe(404);
  });
});
