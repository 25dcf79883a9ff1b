import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { expect, test } from "@playwright/test";

// Process-level behaviour of the production build: start-up on an empty database, structured logs,
// and a graceful drain on SIGTERM. Runs in the desktop project only (see playwright.config.ts); it needs no browser page.
test.describe("server process", () => {
  // One server for the describe: the drain test stops it, so the order matters.
  test.describe.configure({ mode: "serial" });
  let child: ChildProcess;
  const port = 4390 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const origin = `http://127.0.0.1:${port}`;
  const output: string[] = [];

  test.beforeAll(async () => {
    child = spawn(process.execPath, ["build/node/main.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: "memory://",
        DATABASE_URL: "",
        SEED_PRODUCTS: "60",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.stdout!.on("data", (chunk: Buffer) => output.push(...chunk.toString().split("\n").filter(Boolean)));
    await expect
      .poll(async () => (await fetch(`${origin}/readyz`).catch(() => undefined))?.status, { timeout: 60_000 })
      .toBe(200);
  });

  test.afterAll(() => {
    if (child.exitCode === null) child.kill("SIGKILL");
  });

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
    child.kill("SIGTERM");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("product-card");
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(output.some((l) => l.includes("stopped cleanly"))).toBe(true);
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
  });
});
