import { describe, expect, it } from "vitest";
import { redirects } from "#server/db/schema/index.ts";
import { appWith, getTestContext } from "#tests/fixtures/test-app.ts";

describe("GET /api/v1/route-rules", () => {
  it("returns the server-provided redirect for a path, internal or external", async () => {
    const { app, database } = await getTestContext();
    await database.db
      .insert(redirects)
      .values([
        { path: "/old-sale", target: "/catalog" },
        { path: "/partner", target: "https://partner.example/offer" },
      ])
      .onConflictDoNothing();
    const internal = await (await app.request("/api/v1/route-rules?path=/old-sale/")).json();
    expect(internal).toEqual({ redirect: { location: "/catalog", external: false } });
    const external = await (await app.request("/api/v1/route-rules?path=/partner")).json();
    expect(external).toEqual({ redirect: { location: "https://partner.example/offer", external: true } });
    expect(await (await app.request("/api/v1/route-rules?path=/catalog")).json()).toEqual({ redirect: null });
  });

  it("rejects anything that is not a site path", async () => {
    const { app } = await getTestContext();
    for (const path of ["catalog", "//evil.example", ""]) {
      expect((await app.request(`/api/v1/route-rules?path=${encodeURIComponent(path)}`)).status).toBe(400);
    }
  });
});

describe("maintenance mode", () => {
  it("answers 503 on the API but keeps the storefront's config", async () => {
    const app = await appWith({ MAINTENANCE_MODE: "true" });
    const res = await app.request("/api/v1/route-rules?path=/");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ type: "unavailable", code: "maintenance" });
    expect((await app.request("/api/config")).status).toBe(200);
  });
});

describe("signed-in endpoints", () => {
  it("answer 401 to a visitor who is not signed in", async () => {
    const { app } = await getTestContext();
    const profile = await app.request("/api/v1/user/profile");
    expect(profile.status).toBe(401);
    expect(await profile.json()).toMatchObject({ type: "unauthorized", code: "not_signed_in" });
    const importLink = await app.request("/api/user/external/profile", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ redirectTo: "/basket" }),
    });
    expect(importLink.status).toBe(401);
  });
});
