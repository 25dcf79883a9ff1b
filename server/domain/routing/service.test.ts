import { describe, expect, it, vi } from "vitest";
import { createRoutingService, isExternal, normalisePath } from "./service.ts";

describe("routing rules", () => {
  it("normalises trailing slashes", () => {
    expect(normalisePath("/old/")).toBe("/old");
    expect(normalisePath("/")).toBe("/");
  });

  it("tells external targets from site paths", () => {
    expect(isExternal("https://partner.example")).toBe(true);
    expect(isExternal("//cdn.example/x")).toBe(true);
    expect(isExternal("/catalog")).toBe(false);
  });

  it("caches answers for 30 s", async () => {
    let now = 0;
    const findRedirect = vi.fn(async () => "/new");
    const service = createRoutingService({ findRedirect }, () => now);
    await service.rulesFor("/old");
    await service.rulesFor("/old/");
    expect(findRedirect).toHaveBeenCalledTimes(1);
    now = 30_001;
    await service.rulesFor("/old");
    expect(findRedirect).toHaveBeenCalledTimes(2);
  });
});
