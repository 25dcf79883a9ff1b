import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client.ts";
import { pageNotFound } from "./page.ts";
import { loadPersonalPage, personalPageMeta } from "./personal-page.ts";

function args(path = "/personal/profile") {
  // No SEO service: the page gets its title-only record (the SEO query never fails).
  const apiFetch = vi.fn(async () => new Response(null, { status: 204 }));
  return {
    context: { apiFetch, requestId: "r1" } as unknown as AppLoadContext,
    request: new Request(`http://shop.test${path}`),
  };
}

describe("loadPersonalPage", () => {
  it("answers the page's SEO, what the loader read, and only the loader's own queries dehydrated", async () => {
    const loaded = await loadPersonalPage(args(), "Профиль", async (queries) => {
      await queries.ensureQueryData({ queryKey: ["account"], queryFn: async () => ({ name: "Анна" }) });
      return { renderedAt: 5 };
    });
    expect(loaded.seo.h1).toBe("Профиль");
    expect(loaded.path).toBe("/personal/profile");
    expect(loaded.renderedAt).toBe(5);
    const keys = loaded.dehydratedState.queries.map((query) => query.queryKey);
    expect(keys).toContainEqual(["account"]);
  });

  it("turns an API refusal into the page's error screen with the API's status and message", async () => {
    const refused = new ApiError({ status: 503, message: "Сервис временно недоступен" });
    await expect(
      loadPersonalPage(args(), "Профиль", async () => {
        throw refused;
      }),
    ).rejects.toMatchObject({ data: { message: "Сервис временно недоступен" }, init: { status: 503 } });
  });

  it("lets the loader's own page responses through (an unknown address is the 404 page)", async () => {
    await expect(
      loadPersonalPage(args("/personal/address/5"), "Адреса доставки", async () => pageNotFound()),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe("personalPageMeta", () => {
  it("keeps the page out of search engines", () => {
    const meta = personalPageMeta({
      seo: {
        h1: "Профиль",
        title: "Профиль",
        pageTitle: "",
        pageId: "",
        description: "",
        keywords: "",
        breadcrumbs: [],
      },
      origin: "http://shop.test",
      path: "/personal/profile",
    });
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
    expect(meta).toContainEqual({ title: "Профиль — Витрина" });
    expect(personalPageMeta(undefined)).toEqual([{ name: "robots", content: "noindex" }]);
  });
});
