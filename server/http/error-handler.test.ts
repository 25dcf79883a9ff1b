import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createLogger } from "#server/logger.ts";
import { errorHandler } from "./error-handler.ts";

/** An app whose one route fails with `error`, behind the real error handler. */
function failingWith(error: unknown) {
  const app = new Hono();
  app.onError(errorHandler(createLogger("silent")));
  app.get("/", () => {
    throw error;
  });
  return app;
}

describe("error handler and database faults", () => {
  it("a database that refuses connections is a 503 with Retry-After and the JSON error shape, not a 500", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const response = await failingWith(new Error("Failed query: select 1", { cause: refused })).request("/");
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({
      status: 503,
      code: "database_unavailable",
      type: "unavailable",
    });
  });

  it("a statement cancelled by its timeout is a 503 query_timeout", async () => {
    const cancelled = Object.assign(new Error("canceling statement due to statement timeout"), {
      code: "57014",
    });
    const response = await failingWith(cancelled).request("/");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).not.toBeNull();
    expect(await response.json()).toMatchObject({ code: "query_timeout" });
  });

  it("any other error stays a 500 that says nothing of its cause", async () => {
    const response = await failingWith(new Error("secret detail")).request("/");
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("secret");
  });
});
