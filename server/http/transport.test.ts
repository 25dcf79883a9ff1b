import { describe, expect, it } from "vitest";
import { createApiTransport } from "./transport.ts";

describe("createApiTransport", () => {
  it("calls the app in-process with the shopper's cookies and the request id", async () => {
    let seen: Request | undefined;
    const incoming = new Request("http://shop.local/product/1", {
      headers: { Cookie: "sid=abc", "User-Agent": "UA" },
    });
    const apiFetch = createApiTransport(incoming, "req-1", {
      appFetch: (request) => {
        seen = request;
        return new Response("{}");
      },
    });
    await apiFetch("/api/v1/products?limit=1", { headers: { Accept: "application/json" } });
    expect(new URL(seen!.url).pathname + new URL(seen!.url).search).toBe("/api/v1/products?limit=1");
    expect(seen!.headers.get("cookie")).toBe("sid=abc");
    expect(seen!.headers.get("user-agent")).toBe("UA");
    expect(seen!.headers.get("x-request-id")).toBe("req-1");
    expect(seen!.headers.get("accept")).toBe("application/json");
  });
});
