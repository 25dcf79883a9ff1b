import { createRequestHandler, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

/**
 * Real pages through the real app: React Router renders the storefront (through Vite, as `npm run dev`
 * does, so no build is needed) and every page answer must carry a policy whose nonce is on every script.
 */
let vite: ViteDevServer;
let app: App;

beforeAll(async () => {
  const { createServer } = await import("vite");
  // No HMR socket: a test must not take the dev server's port.
  vite = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "silent",
  });
  const { database } = await getTestContext();
  app = createApp({
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    services: createServices(database.db),
    logger: createLogger("silent"),
    checks: { database: database.ping },
    ssr: async (request, context) => {
      const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      return createRequestHandler(build, "development")(request, context);
    },
  });
});

afterAll(async () => {
  await vite?.close();
});

interface Tag {
  tag: string;
  attrs: string;
}

/** Every script, module preload and nonce-bearing element of a page. */
function tagsOf(html: string): Tag[] {
  return [...html.matchAll(/<(script|link|style|meta)\b([^>]*)>/g)].map((m) => ({
    tag: m[1] as string,
    attrs: m[2] as string,
  }));
}

const attr = (attrs: string, name: string) =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1] ??
  (new RegExp(`\\b${name}(?=[\\s/]|$)`).test(attrs) ? "" : undefined);

async function page(path: string) {
  const res = await app.request(path);
  const policy = res.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  return { res, policy, nonce, html: await res.text() };
}

describe("page Content-Security-Policy", () => {
  const pages = ["/", "/catalog/", "/product/1", "/product/1/photos", "/search/?q=телефон", "/no-such-page"];

  it.each(pages)("%s: the policy's nonce is on every script and module preload", async (path) => {
    const { res, policy, nonce, html } = await page(path);
    expect(res.status).toBe(path === "/no-such-page" ? 404 : 200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(nonce, "a nonce in the policy").toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");

    const tags = tagsOf(html);
    const scripts = tags.filter((t) => t.tag === "script");
    // React Router's context and route-module scripts at least, and the scroll restoration script.
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const script of scripts) {
      // JSON-LD is a data block: browsers neither run it nor check it against the policy.
      if (attr(script.attrs, "type") === "application/ld+json") continue;
      expect(attr(script.attrs, "nonce"), `<script${script.attrs}>`).toBe(nonce);
    }
    for (const link of tags.filter((t) => t.tag === "link" && attr(t.attrs, "rel") === "modulepreload")) {
      expect(attr(link.attrs, "nonce"), `<link${link.attrs}>`).toBe(nonce);
    }
    for (const style of tags.filter((t) => t.tag === "style")) {
      expect(attr(style.attrs, "nonce"), `<style${style.attrs}>`).toBe(nonce);
    }
    // Where Vite's preloader finds the nonce for the links it adds.
    expect(
      tags.some((t) => attr(t.attrs, "property") === "csp-nonce" && attr(t.attrs, "nonce") === nonce),
    ).toBe(true);
    // No other nonce anywhere on the page.
    const others = [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]).filter((n) => n !== nonce);
    expect(others).toEqual([]);
  });

  it("never repeats a nonce", async () => {
    const nonces = new Set<string | undefined>();
    for (let i = 0; i < 3; i++) nonces.add((await page("/product/1")).nonce);
    expect(nonces.size).toBe(3);
  });

  it("puts no policy on data requests (they run no scripts) nor on API answers", async () => {
    const data = await app.request("/product/1.data");
    expect(data.status).toBe(200);
    expect(data.headers.get("content-type")).not.toContain("text/html");
    expect(data.headers.has("content-security-policy")).toBe(false);
    expect(await data.text()).not.toContain("nonce");
    const api = await app.request("/api/config");
    expect(api.headers.has("content-security-policy")).toBe(false);
    // Permissions-Policy governs documents; assets and API answers go without its ~400 bytes.
    expect(api.headers.has("permissions-policy")).toBe(false);
    expect(data.headers.has("permissions-policy")).toBe(false);
  });

  it("accepts violation reports from browsers", async () => {
    const res = await app.request("/csp-report", {
      method: "POST",
      headers: { "Content-Type": "application/csp-report" },
      body: JSON.stringify({
        "csp-report": { "document-uri": "http://x/", "effective-directive": "img-src" },
      }),
    });
    expect(res.status).toBe(204);
    const big = await app.request("/csp-report", {
      method: "POST",
      headers: { "Content-Type": "application/reports+json" },
      body: "x".repeat(20_000),
    });
    expect(big.status).toBe(413);
  });
});
