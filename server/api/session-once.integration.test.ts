import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SsrLoadContext } from "#contract/ssr.ts";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

/**
 * A page's render reads its shopper's session once (issue 23, point 2: nothing computed twice per
 * request): the delivery step's loaders made five API calls in-process, and each looked the same session
 * up again. Requests from the network still resolve their own.
 */
describe("the session of a page render", () => {
  let app: ReturnType<typeof createApp>;
  let cookie: string;
  let lookups = 0;
  /** What the stand-in page's calls answered. */
  let answered: number[] = [];

  beforeAll(async () => {
    const { database } = await getTestContext();
    const services = createServices(database.db);
    const resolve = services.identity.resolveSession.bind(services.identity);
    services.identity.resolveSession = (token) => {
      lookups += 1;
      return resolve(token);
    };
    // A stand-in render whose loaders ask three personal API routes at once, as the delivery step's do.
    const ssr = async (_request: Request, context: SsrLoadContext) => {
      const calls = ["/api/v1/user/me", "/api/v1/basket", "/api/v1/user/address"];
      answered = await Promise.all(calls.map(async (path) => (await context.apiFetch(path)).status));
      return new Response("<html><body>page</body></html>", { headers: { "Content-Type": "text/html" } });
    };
    app = createApp({
      config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
      services,
      logger: createLogger("silent"),
      checks: {},
      ssr,
    });
    ({ cookie } = await createSession(database.db));
  });

  afterAll(() => {
    lookups = 0;
  });

  it("is looked up once for all the API calls its loaders make", async () => {
    lookups = 0;
    const page = await app.request("http://shop.test/checkout-like", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(answered).toEqual([200, 200, 200]);
    expect(lookups).toBe(1);
    // The next page is another request: its own lookup.
    await app.request("http://shop.test/checkout-like", { headers: { cookie } });
    expect(lookups).toBe(2);
  });

  it("is looked up by each request from the network", async () => {
    lookups = 0;
    for (const path of ["/api/v1/user/me", "/api/v1/basket"]) {
      expect((await app.request(`http://shop.test${path}`, { headers: { cookie } })).status).toBe(200);
    }
    expect(lookups).toBe(2);
  });
});
