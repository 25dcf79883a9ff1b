import { z } from "@hono/zod-openapi";
import { describe, expect, it, vi } from "vitest";
import type { Services } from "#server/composition/services.ts";
import { anonymousActor } from "./actor.ts";
import { createRouter, defineRoute, jsonOk } from "./define-route.ts";

const TOKEN = "t".repeat(43);

/** An API whose identity service signs every session cookie in as user 7, counting the lookups. */
function probe() {
  const resolveSession = vi.fn(async () => ({ userId: 7, sessionId: "h", roles: ["shopper"] }));
  const services = { identity: { resolveSession } } as unknown as Services;
  const whoAmI = (cache: "shared" | "city" | "personal") =>
    defineRoute({
      method: "get",
      path: `/${cache}`,
      operationId: `who_${cache}`,
      tags: ["probe"],
      summary: cache,
      cache,
      responses: jsonOk(z.object({ kind: z.string() }), "who"),
    });
  const app = createRouter();
  app.use(async (c, next) => {
    c.set("services", services);
    await next();
  });
  app.use(anonymousActor());
  for (const cache of ["shared", "city", "personal"] as const)
    app.openapi(whoAmI(cache), (c) => c.json({ kind: c.get("actor").kind }, 200));
  return { app, resolveSession };
}

describe("who is asking", () => {
  it("is never known to a shared route, which costs no session lookup", async () => {
    const { app, resolveSession } = probe();
    const response = await app.request("/shared", {
      headers: { cookie: `sid=${TOKEN}; vid=${"v".repeat(22)}` },
    });
    expect(await response.json()).toEqual({ kind: "anonymous" });
    expect(resolveSession).not.toHaveBeenCalled();
  });

  it("is the signed-in user on city and personal routes, one lookup per request", async () => {
    const { app, resolveSession } = probe();
    for (const path of ["/city", "/personal"]) {
      const response = await app.request(path, { headers: { cookie: `sid=${TOKEN}` } });
      expect(await response.json()).toEqual({ kind: "user" });
    }
    expect(resolveSession).toHaveBeenCalledTimes(2);
  });

  it("is the visitor without a session, and anonymous without any cookie", async () => {
    const { app, resolveSession } = probe();
    const visitor = await app.request("/personal", { headers: { cookie: `vid=${"v".repeat(22)}` } });
    expect(await visitor.json()).toEqual({ kind: "visitor" });
    const nobody = await app.request("/personal");
    expect(await nobody.json()).toEqual({ kind: "anonymous" });
    expect(resolveSession).not.toHaveBeenCalled();
  });
});
