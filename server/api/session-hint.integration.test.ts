import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { SIGNED_IN_HINT_COOKIE } from "#contract/session-hint.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { clearSessionCookie, setSessionCookie } from "./session-cookie.ts";

const origin = "http://localhost";

function setCookies(response: Response): string[] {
  return response.headers.getSetCookie();
}

/** The Set-Cookie line for one cookie name. */
function cookieLine(response: Response, name: string): string | undefined {
  return setCookies(response).find((line) => line.startsWith(`${name}=`));
}

describe("the signed-in hint cookie (ADR 034)", () => {
  it("is set beside the session cookie, readable by scripts, with the session's expiry", async () => {
    const expires = new Date(Date.now() + 90 * 24 * 3600 * 1000);
    const app = new Hono().get("/", (c) => {
      setSessionCookie(c, "t".repeat(43), expires);
      return c.body(null, 204);
    });
    const response = await app.request(`${origin}/`);
    const session = cookieLine(response, "sid")!;
    const hint = cookieLine(response, SIGNED_IN_HINT_COOKIE)!;
    expect(session).toContain("HttpOnly");
    expect(hint).toMatch(/^signed_in=[A-Za-z0-9_-]{8};/);
    expect(hint).not.toContain("HttpOnly");
    expect(hint).toContain(`Expires=${expires.toUTCString()}`);
    expect(hint).toContain("SameSite=Lax");
  });

  it("is Secure on https, next to the __Host- session cookie", async () => {
    const app = new Hono().get("/", (c) => {
      setSessionCookie(c, "t".repeat(43), new Date(Date.now() + 1000));
      return c.body(null, 204);
    });
    const response = await app.request("https://shop.example/");
    expect(cookieLine(response, "__Host-sid")).toContain("Secure");
    expect(cookieLine(response, SIGNED_IN_HINT_COOKIE)).toContain("Secure");
  });

  it("is cleared with the session cookie", async () => {
    const app = new Hono().get("/", (c) => {
      clearSessionCookie(c);
      return c.body(null, 204);
    });
    const response = await app.request(`${origin}/`);
    expect(cookieLine(response, "sid")).toContain("Max-Age=0");
    expect(cookieLine(response, SIGNED_IN_HINT_COOKIE)).toContain("Max-Age=0");
  });

  it("a new value per sign-in, so the page can tell a newer sign-in's hint from the one it may drop", async () => {
    const app = new Hono().get("/", (c) => {
      setSessionCookie(c, "t".repeat(43), new Date(Date.now() + 1000));
      return c.body(null, 204);
    });
    const values = new Set<string>();
    for (let i = 0; i < 5; i++) {
      values.add(cookieLine(await app.request(`${origin}/`), SIGNED_IN_HINT_COOKIE)!.split(";")[0]!);
    }
    expect(values.size).toBe(5);
  });

  it("a 401 clears no cookie: it may answer a call sent before this browser signed in again", async () => {
    const { app } = await getTestContext();
    const response = await app.request(`${origin}/api/v1/user/me`, {
      headers: { cookie: `sid=${"d".repeat(43)}; ${SIGNED_IN_HINT_COOKIE}=abcdefgh` },
    });
    expect(response.status).toBe(401);
    expect(setCookies(response)).toEqual([]);
  });

  it("a live session keeps both cookies; sign-out clears both", async () => {
    const { app, database } = await getTestContext();
    const me = await createSession(database.db);
    const cookie = `${me.cookie}; ${SIGNED_IN_HINT_COOKIE}=abcdefgh`;
    const ok = await app.request(`${origin}/api/v1/user/me`, { headers: { cookie } });
    expect(ok.status).toBe(200);
    expect(setCookies(ok)).toEqual([]);
    const out = await app.request(`${origin}/api/v1/auth/sign-out`, {
      method: "POST",
      headers: { cookie, origin },
    });
    expect(out.ok).toBe(true);
    expect(cookieLine(out, "sid")).toContain("Max-Age=0");
    expect(cookieLine(out, SIGNED_IN_HINT_COOKIE)).toContain("Max-Age=0");
  });
});
