import { once } from "node:events";
import { type SpawnedServer, spawnServer, templateDatabaseCopy } from "../server.ts";
import { expect, test } from "../support/test.ts";

// Process-level behaviour of the production build: start-up on an empty database, structured logs, no
// test routes whatever the environment says, and a graceful drain on SIGTERM. Each server is a child
// process of its own on a port the OS picks (../server.ts); no browser.

// Each test starts a server process: the production build on an empty database opens PGlite, migrates and
// seeds it (9–11 s on a quiet machine: 3 s PGlite's start, 5 s the seed), Vite's dev server compiles the app
// on its first request (14 s). Beside the other worker's browser on a loaded CI machine that has taken over
// 60 s, beyond the default 30 s and once beyond 90 (docs/testing.md lists this exception).
test.describe.configure({ timeout: 150_000 });

/** The secret the removed test sign-in route took (40 characters, over its old 32-character minimum). */
const OLD_TEST_SECRET = "x".repeat(40);

test.describe("server process", () => {
  // One server for the describe: the drain test stops it, so the order matters.
  test.describe.configure({ mode: "serial" });
  let server: SpawnedServer | undefined;
  let origin: string;
  let output: string[];

  test.beforeAll(async () => {
    // As deployed behind the proxy that assigns request ids: only then is an incoming X-Request-Id taken (ADR 026).
    // With the variable that used to turn the test sign-in route on: it must turn nothing on now.
    server = await spawnServer({ TRUST_PROXY: "1", TEST_SIGN_IN_SECRET: OLD_TEST_SECRET });
    ({ origin, output } = server);
  });

  test.afterAll(() => server?.stop());

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

  test("has no test routes, even started with TEST_SIGN_IN_SECRET and asked with it", async () => {
    const headers = { "x-test-sign-in-secret": OLD_TEST_SECRET, origin };
    const signIn = await fetch(`${origin}/__test/sign-in`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ phone: "+79990000000", name: "Тест" }),
    });
    expect(signIn.status, "POST /__test/sign-in").toBe(404);
    expect(signIn.headers.get("set-cookie"), "no session from POST /__test/sign-in").toBeNull();
    for (const path of ["/__test/outbox?phone=%2B79990000000", "/__test/acquirer/terminal"]) {
      const res = await fetch(`${origin}${path}`, { headers });
      expect(res.status, `GET ${path}`).toBe(404);
      expect(await res.text(), `GET ${path}`).not.toMatch(/"(messages|terminalKey|password)"/);
    }
  });

  test("drains in-flight requests on SIGTERM and exits cleanly within 10 s", async () => {
    // Headers received: the request is being served (the body streams) when the signal arrives.
    const response = await fetch(`${origin}/`);
    const started = Date.now();
    server!.child.kill("SIGTERM");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("product-card");
    const [code] = await once(server!.child, "exit");
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(output.some((l) => l.includes("stopped cleanly"))).toBe(true);
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
  });
});

test.describe("development server", () => {
  test("`npm run dev` serves the storefront through the same server with Vite's HMR runtime", async () => {
    // Over a copy of the seeded template: the first start on an empty database is the test above's.
    const database = templateDatabaseCopy();
    let dev: SpawnedServer | undefined;
    try {
      dev = await spawnServer({ NODE_ENV: "development", DATA_DIR: database.dir }, [
        "--import",
        "tsx",
        "server/main.ts",
      ]);
      const res = await fetch(`${dev.origin}/`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("virtual:react-router/inject-hmr-runtime");
      expect(html).toContain("product-card");
      expect((await fetch(`${dev.origin}/@vite/client`)).status).toBe(200);
      expect((await fetch(`${dev.origin}/api/v1/main/guid`)).status).toBe(200);
    } finally {
      dev?.stop();
      database.remove();
    }
  });
});
