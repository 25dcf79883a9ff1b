import { describe, expect, it } from "vitest";
import { optionsResponseSchema } from "#contract/reference.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

describe("GET /api/v1/options", () => {
  it("serves typed option values, including the identity-import modal switches", async () => {
    const { app } = await getTestContext();
    const res = await app.request("/api/v1/options");
    expect(res.status).toBe(200);
    const { items } = optionsResponseSchema.parse(await res.json());
    const map = new Map(items.map((i) => [i.code, i.value]));
    expect(map.get("show_modal_import_external_profile_data")).toBe(false);
    expect(map.get("modal_import_external_profile_data_hours_delay")).toBe(24);
    expect(typeof map.get("support_phone")).toBe("string");
  });
});
