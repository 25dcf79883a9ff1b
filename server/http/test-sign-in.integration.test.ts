import { describe, expect, it } from "vitest";
import { createIdentityRepository } from "#server/domain/identity/repository.ts";
import { createIdentityService } from "#server/domain/identity/service.ts";
import { buildUser } from "#tests/factories/users.ts";
import { appWith, getTestContext } from "#tests/fixtures/test-app.ts";
import { TEST_SIGN_IN_HEADER } from "./test-sign-in.ts";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const origin = "http://localhost";

function signIn(app: Awaited<ReturnType<typeof appWith>>, secret?: string) {
  const { phone, name } = buildUser();
  return app.request(`${origin}/__test/sign-in`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin,
      ...(secret ? { [TEST_SIGN_IN_HEADER]: secret } : {}),
    },
    body: JSON.stringify({ phone, name }),
  });
}

describe("the browser tests' sign-in seam", () => {
  it("does not exist without TEST_SIGN_IN_SECRET", async () => {
    const { app } = await getTestContext();
    const response = await signIn(app, SECRET);
    expect(response.status).toBe(404);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("answers 404 to a call without the right secret", async () => {
    const app = await appWith({ TEST_SIGN_IN_SECRET: SECRET });
    for (const secret of [undefined, "wrong", `${SECRET}x`]) {
      const response = await signIn(app, secret);
      expect(response.status).toBe(404);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
  });

  it("opens a real session and sets the session cookie", async () => {
    const app = await appWith({ TEST_SIGN_IN_SECRET: SECRET });
    const response = await signIn(app, SECRET);
    expect(response.status).toBe(200);
    const { userId } = (await response.json()) as { userId: number };
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const token = /^sid=([^;]+)/.exec(cookie)![1];
    const { database } = await getTestContext();
    const identity = createIdentityService(createIdentityRepository(database.db));
    expect(await identity.resolveSession(token)).toMatchObject({ userId });
  });

  it("opens one more session for a shopper it made (a second device), and 404 for an unknown one", async () => {
    const app = await appWith({ TEST_SIGN_IN_SECRET: SECRET });
    const first = await signIn(app, SECRET);
    const { userId } = (await first.json()) as { userId: number };
    const again = (body: unknown) =>
      app.request(`${origin}/__test/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json", origin, [TEST_SIGN_IN_HEADER]: SECRET },
        body: JSON.stringify(body),
      });
    const second = await again({ userId });
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ userId });
    const token = /^sid=([^;]+)/.exec(second.headers.get("set-cookie") ?? "")![1];
    const firstToken = /^sid=([^;]+)/.exec(first.headers.get("set-cookie") ?? "")![1];
    expect(token).not.toBe(firstToken);
    const { database } = await getTestContext();
    const identity = createIdentityService(createIdentityRepository(database.db));
    expect(await identity.resolveSession(token)).toMatchObject({ userId });
    expect(await identity.resolveSession(firstToken)).toMatchObject({ userId });
    expect((await again({ userId: 2_000_000_000 })).status).toBe(404);
  });

  it("refuses a secret shorter than 32 characters at start-up", async () => {
    await expect(appWith({ TEST_SIGN_IN_SECRET: "short" })).rejects.toThrow(/TEST_SIGN_IN_SECRET/);
  });
});
