import { describe, expect, it } from "vitest";
import { inertTargets, KEEP_LIVE_ATTRIBUTE } from "./background-inert.ts";

const element = (name: string, tagName = "DIV", attributes: string[] = []) => ({
  name,
  tagName,
  hasAttribute: (attribute: string) => attributes.includes(attribute),
});

describe("inertTargets", () => {
  const page = element("page");
  const loader = element("loader");
  const toasts = element("toasts", "DIV", [KEEP_LIVE_ATTRIBUTE]);
  const script = element("script", "SCRIPT");
  const filters = element("filters dialog");
  const viewer = element("photo viewer");
  const body = [loader, page, toasts, script, filters, viewer];

  it("makes nothing inert with no modal open", () => {
    expect(inertTargets(body, null)).toEqual([]);
  });

  it("makes everything but the top layer and the toasts inert, lower modal layers included", () => {
    expect(inertTargets(body, viewer).map((e) => e.name)).toEqual(["loader", "page", "filters dialog"]);
    expect(inertTargets(body, filters).map((e) => e.name)).toEqual(["loader", "page", "photo viewer"]);
  });
});
