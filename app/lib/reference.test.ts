import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "./api-client.ts";
import { GUID_CACHE_MS, guidQuery, toCodeMap } from "./reference.ts";

describe("guid dictionary", () => {
  it("becomes a code → value map", () => {
    const map = toCodeMap([
      { code: "delivery_type.courier", value: "Курьером" },
      { code: "delivery_type.pickup", value: "Самовывоз" },
    ]);
    expect(map.get("delivery_type.courier")).toBe("Курьером");
    expect(map.size).toBe(2);
  });

  it("is cached and stale for 10 minutes and marked for the global error handler", async () => {
    const options = guidQuery(createApiClient({ transport: async () => new Response('{"items":[]}') }));
    expect(options.staleTime).toBe(GUID_CACHE_MS);
    expect(options.gcTime).toBe(GUID_CACHE_MS);
    expect(GUID_CACHE_MS).toBe(600_000);
    expect(options.meta).toEqual({ globalError: true });
  });

  it("is fetched once within its stale time", async () => {
    const transport = vi.fn(async () => new Response('{"items":[{"code":"a","value":"б"}]}'));
    const client = new QueryClient();
    const api = createApiClient({ transport });
    await client.fetchQuery(guidQuery(api));
    await client.fetchQuery(guidQuery(api));
    expect(transport).toHaveBeenCalledTimes(1);
  });
});
