import { describe, expect, it } from "vitest";
import { appWith, getTestContext } from "#tests/fixtures/test-app.ts";
import { TEST_SIGN_IN_HEADER } from "./test-sign-in.ts";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const origin = "http://localhost";
const phone = "+79161230011";

type App = Awaited<ReturnType<typeof appWith>>;

const readOutbox = (app: App, secret?: string) =>
  app.request(`${origin}/__test/outbox?phone=${encodeURIComponent(phone)}`, {
    headers: secret ? { [TEST_SIGN_IN_HEADER]: secret } : {},
  });

describe("the browser tests' outbox seam", () => {
  it("does not exist without TEST_SIGN_IN_SECRET", async () => {
    const { app } = await getTestContext();
    expect((await readOutbox(app, SECRET)).status).toBe(404);
  });

  it("answers 404 to a call without the right secret", async () => {
    const app = await appWith({ TEST_SIGN_IN_SECRET: SECRET });
    for (const secret of [undefined, "wrong", `${SECRET}x`])
      expect((await readOutbox(app, secret)).status).toBe(404);
  });

  it("gives the stand-in's newest SMS to the phone, with the code", async () => {
    const app = await appWith({ TEST_SIGN_IN_SECRET: SECRET });
    const sent = await app.request(`${origin}/api/v1/auth/phone/code`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ phone }),
    });
    expect(sent.status).toBe(202);
    const response = await readOutbox(app, SECRET);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { messages } = (await response.json()) as { messages: { text: string }[] };
    expect(messages[0]?.text).toMatch(/Код для входа в Витрину: \d{6}\./);
  });
});
