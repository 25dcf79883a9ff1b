import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { type AppConfig, loadConfig } from "#server/config.ts";
import type { AppEnv } from "#server/http/env.ts";
import { robotsRoute } from "./robots.ts";

function appWith(publicOrigin: string | undefined) {
  const config: AppConfig = { ...loadConfig({ NODE_ENV: "test" }), publicOrigin };
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set("config", config);
      await next();
    })
    .route("/", robotsRoute);
}

describe("robots.txt", () => {
  it("closes service pages and points to the sitemap on the public origin", async () => {
    const res = await appWith("https://vitrina.example").request("http://internal:3000/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(await res.text()).toBe(
      [
        "User-agent: *",
        "Allow: /",
        "Disallow: /api/",
        "Disallow: /personal/",
        "Disallow: /checkout/",
        "Disallow: /auth",
        "Disallow: /search-form",
        "",
        "Sitemap: https://vitrina.example/sitemap.xml",
        "",
      ].join("\n"),
    );
  });

  it("takes the origin from the request when PUBLIC_ORIGIN is not set", async () => {
    const res = await appWith(undefined).request("http://localhost:3000/robots.txt");
    expect(await res.text()).toContain("Sitemap: http://localhost:3000/sitemap.xml\n");
  });
});
