import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "#server/http/env.ts";
import { createBuildInfoRoute } from "./build-info.ts";

const mounted = (getBuildId: () => string | undefined) =>
  new Hono<AppEnv>().route("/api", createBuildInfoRoute(getBuildId));

describe("GET /api/build", () => {
  it("answers the loaded build's id, never cached", async () => {
    const res = await mounted(() => "a1b2c3d4").request("/api/build");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual({ buildId: "a1b2c3d4" });
  });

  it('answers "dev" when no production build is loaded', async () => {
    for (const id of [undefined, ""]) {
      const res = await mounted(() => id).request("/api/build");
      expect(await res.json()).toEqual({ buildId: "dev" });
    }
  });

  it("reads the id on every request", async () => {
    let id = "one";
    const app = mounted(() => id);
    expect(await (await app.request("/api/build")).json()).toEqual({ buildId: "one" });
    id = "two";
    expect(await (await app.request("/api/build")).json()).toEqual({ buildId: "two" });
  });

  it("answers only GET", async () => {
    const res = await mounted(() => "x").request("/api/build", { method: "POST" });
    expect(res.status).toBe(404);
  });
});
