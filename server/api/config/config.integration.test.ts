import { describe, expect, it } from "vitest";
import { publicConfigSchema } from "#contract/config.ts";
import { appWith, getTestContext } from "#tests/fixtures/test-app.ts";

describe("GET /api/config", () => {
  it("answers the alfa theme with every feature off by default", async () => {
    const { app } = await getTestContext();
    const res = await app.request("/api/config");
    expect(res.status).toBe(200);
    const body = publicConfigSchema.parse(await res.json());
    expect(body).toEqual({
      theme: "alfa",
      features: { alfaId: false, cashbackInCartBtn: false, topProfit: false },
      // The 401 screen's button starts the bank sign-in (ADR 029).
      authUrl: "/api/v1/auth/bank",
      ymId: null,
      map: { yandexApiKey: null, tilesUrl: null },
    });
  });

  it("follows THEME, the feature variables, AUTH_URL, YM_ID (in production) and the map variables", async () => {
    const app = await appWith({
      NODE_ENV: "production",
      THEME: "halva",
      FEATURE_ALFA_ID: "true",
      FEATURE_TOP_PROFIT: "1",
      AUTH_URL: "https://bank.example/auth",
      YM_ID: "98765",
      YANDEX_MAPS_API_KEY: "0c2e1f7a-1111-4222-8333-944455556666",
      MAP_TILES_URL: "https://tiles.example/{z}/{x}/{y}.png",
    });
    const body = await (await app.request("/api/config")).json();
    expect(body).toEqual({
      theme: "halva",
      features: { alfaId: true, cashbackInCartBtn: false, topProfit: true },
      authUrl: "https://bank.example/auth",
      ymId: "98765",
      map: {
        yandexApiKey: "0c2e1f7a-1111-4222-8333-944455556666",
        tilesUrl: "https://tiles.example/{z}/{x}/{y}.png",
      },
    });
  });

  it("hands out no counter id outside production, so a dev or test run never counts", async () => {
    for (const NODE_ENV of ["development", "test"]) {
      const app = await appWith({ NODE_ENV, YM_ID: "98765" });
      const body = publicConfigSchema.parse(await (await app.request("/api/config")).json());
      expect(body.ymId, NODE_ENV).toBeNull();
    }
  });
});
