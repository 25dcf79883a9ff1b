import { describe, expect, it } from "vitest";
import { guidResponseSchema } from "#contract/reference.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

describe("GET /api/v1/main/guid", () => {
  it("lists the dictionaries the storefront needs as code/value items", async () => {
    const { app } = await getTestContext();
    const res = await app.request("/api/v1/main/guid");
    expect(res.status).toBe(200);
    const { items } = guidResponseSchema.parse(await res.json());
    const map = new Map(items.map((i) => [i.code, i.value]));
    expect(map.get("delivery_type.courier")).toBe("Курьером");
    expect(map.get("delivery_type.pickup")).toBe("Самовывоз из пункта выдачи");
    for (const group of [
      "order_status.",
      "refund_reason.",
      "refund_status.",
      "support_category.",
      "payment_type.",
    ]) {
      expect(
        items.some((i) => i.code.startsWith(group)),
        group,
      ).toBe(true);
    }
    expect(new Set(items.map((i) => i.code)).size).toBe(items.length);
    expect(res.headers.get("cache-control")).toContain("max-age=60");
  });
});
