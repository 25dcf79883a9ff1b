import { once } from "node:events";
import { expect, test } from "@playwright/test";
import { type SpawnedServer, spawnServer } from "./server.ts";

// Process-level behaviour of the production build: start-up on an empty database, structured logs,
// and a graceful drain on SIGTERM. Runs in the desktop project only (see playwright.config.ts); it needs no browser page.
test.describe("server process", () => {
  // One server for the describe: the drain test stops it, so the order matters.
  test.describe.configure({ mode: "serial" });
  let server: SpawnedServer;
  let origin: string;
  let output: string[];

  test.beforeAll(async () => {
    // As deployed behind the proxy that assigns request ids: only then is an incoming X-Request-Id taken (ADR 026).
    server = await spawnServer(4390 + Number(process.env.TEST_PARALLEL_INDEX ?? 0), { TRUST_PROXY: "1" });
    ({ origin, output } = server);
  });

  test.afterAll(() => server.stop());

  test("migrates and seeds an empty database on first start, and logs JSON with request ids", async () => {
    const list = await (await fetch(`${origin}/api/v1/products?limit=1`)).json();
    expect(list.total).toBe(60);
    const res = await fetch(`${origin}/healthz`, { headers: { "X-Request-Id": "trace-me-123" } });
    expect(res.headers.get("x-request-id")).toBe("trace-me-123");
    await expect.poll(() => output.some((line) => line.includes('"requestId":"trace-me-123"'))).toBe(true);
    const line = JSON.parse(output.find((l) => l.includes('"requestId":"trace-me-123"'))!);
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      path: "/healthz",
      status: 200,
    });
  });

  test("drains in-flight requests on SIGTERM and exits cleanly within 10 s", async () => {
    // Headers received: the request is being served (the body streams) when the signal arrives.
    const response = await fetch(`${origin}/`);
    const started = Date.now();
    server.child.kill("SIGTERM");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("product-card");
    const [code] = await once(server.child, "exit");
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(output.some((l) => l.includes("stopped cleanly"))).toBe(true);
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
  });
});

test.describe("development server", () => {
  test("`npm run dev` serves the storefront through the same server with Vite's HMR runtime", async () => {
    test.setTimeout(90_000);
    const port = 4395 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
    const dev = await spawnServer(port, { NODE_ENV: "development", LOG_LEVEL: "warn" }, [
      "--import",
      "tsx",
      "server/main.ts",
    ]);
    try {
      const res = await fetch(`${dev.origin}/`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("virtual:react-router/inject-hmr-runtime");
      expect(html).toContain("product-card");
      expect((await fetch(`${dev.origin}/@vite/client`)).status).toBe(200);
      expect((await fetch(`${dev.origin}/api/v1/main/guid`)).status).toBe(200);
    } finally {
      dev.stop();
    }
  });
});
