import { describe, expect, it } from "vitest";
import { createApiClient } from "./api-client.ts";
import { applyRouteRules } from "./route-rules.ts";
import { unavailableAsRouteResponse } from "./service-unavailable.ts";

function apiAnswering(status: number, body: unknown) {
  return createApiClient({ transport: async () => new Response(JSON.stringify(body), { status }) });
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("applyRouteRules", () => {
  const request = new Request("http://shop.local/old-sale?utm=mail");

  it("redirects internal targets with 301, keeping the query", async () => {
    const error = (await thrown(
      applyRouteRules(apiAnswering(200, { redirect: { location: "/catalog", external: false } }), request),
    )) as Response;
    expect(error.status).toBe(301);
    expect(error.headers.get("Location")).toBe("/catalog?utm=mail");
  });

  it("sends external targets as they are (a full page load in the browser)", async () => {
    const api = apiAnswering(200, {
      redirect: { location: "https://partner.example/offer", external: true },
    });
    const error = (await thrown(applyRouteRules(api, request))) as Response;
    expect(error.headers.get("Location")).toBe("https://partner.example/offer");
  });

  it("does nothing without a rule, and survives a failing lookup", async () => {
    await expect(applyRouteRules(apiAnswering(200, { redirect: null }), request)).resolves.toBeUndefined();
    await expect(applyRouteRules(apiAnswering(500, {}), request)).resolves.toBeUndefined();
  });

  it("turns maintenance (503) into the service-unavailable page", async () => {
    const error = (await thrown(
      applyRouteRules(apiAnswering(503, { message: "Идут технические работы" }), request),
    )) as {
      init?: { status?: number };
    };
    expect(error.init?.status).toBe(503);
  });

  it("passes on the server client's 503 route response (the database is away): the page is a 503 too", async () => {
    const api = createApiClient({
      transport: async () =>
        new Response(JSON.stringify({ message: "Сервис временно недоступен" }), { status: 503 }),
      thrownFor: unavailableAsRouteResponse,
    });
    const error = await thrown(applyRouteRules(api, request));
    expect(error).toMatchObject({ init: { status: 503 }, data: { message: "Сервис временно недоступен" } });
  });
});
