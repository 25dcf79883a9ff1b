import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { Services } from "#server/composition/services.ts";
import { createIdentityRepository } from "#server/domain/identity/repository.ts";
import { createIdentityService } from "#server/domain/identity/service.ts";
import type { AppEnv } from "#server/http/env.ts";
import { createLogger } from "#server/logger.ts";
import { createUser } from "#tests/factories/users.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { signInAs } from "./sign-in.ts";

async function harness() {
  const { database } = await getTestContext();
  const identity = createIdentityService(createIdentityRepository(database.db));
  const lines: string[] = [];
  const logger = createLogger("info", { write: (line: string) => lines.push(line) });
  const user = await createUser(database.db);
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set("services", { identity } as unknown as Services);
      c.set("logger", logger);
      await next();
    })
    .post("/sign-in", async (c) => {
      await signInAs(c, user.id, "bank");
      return c.body(null, 204);
    });
  const signIn = async (cookie?: string) => {
    const response = await app.request("http://localhost/sign-in", {
      method: "POST",
      headers: { "user-agent": "Test browser", ...(cookie ? { cookie } : {}) },
    });
    const token = /^sid=([A-Za-z0-9_-]{43});/.exec(response.headers.get("set-cookie") ?? "")?.[1];
    return token!;
  };
  return { identity, lines, user, signIn };
}

describe("signInAs", () => {
  it("rotates: signing in twice from one browser leaves the first session revoked", async () => {
    const { identity, user, signIn } = await harness();
    const first = await signIn();
    expect(await identity.resolveSession(first)).toMatchObject({ userId: user.id });
    const second = await signIn(`sid=${first}`);
    expect(second).not.toBe(first);
    expect(await identity.resolveSession(first)).toBeUndefined();
    expect(await identity.resolveSession(second)).toMatchObject({ userId: user.id });
  });

  it("logs one sign_in event with the user and method and no token", async () => {
    const { lines, user, signIn } = await harness();
    const token = await signIn();
    const events = lines.map((line) => JSON.parse(line)).filter((entry) => entry.event === "sign_in");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: "sign_in", userId: user.id, method: "bank" });
    expect(lines.join("")).not.toContain(token);
  });
});
