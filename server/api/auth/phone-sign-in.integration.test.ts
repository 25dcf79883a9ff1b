import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { PHONE_LIMITS } from "#server/domain/phone-sign-in/limits.ts";
import type { PhoneSignInOptions } from "#server/domain/phone-sign-in/service.ts";
import { createLogger } from "#server/logger.ts";
import { createUser } from "#tests/factories/users.ts";
import { freshIp, freshPhone, maskedPhone } from "#tests/fixtures/phone-sign-in-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

const origin = "http://localhost";
// With REDIS_URL the limits live in Redis, as in production with it (keys outlive a run: every test
// uses fresh phones and addresses).
const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL, { lazyConnect: true }) : undefined;
afterAll(() => redis?.disconnect());

/** An app of its own whose codes run on a clock the test moves; the client address comes from the header. */
async function phoneApp(options: Partial<PhoneSignInOptions> = {}) {
  const { database } = await getTestContext();
  let offsetMs = 0;
  const services = createServices(database.db, {
    phoneSignIn: { clock: () => new Date(Date.now() + offsetMs), redis, ...options },
  });
  const app = createApp({
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", TRUST_PROXY: "1" }),
    services,
    logger: createLogger("silent"),
    checks: {},
  });
  const ip = freshIp();
  const post = (path: string, body: unknown, from = ip) =>
    app.request(`${origin}/api/v1/auth/phone/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": from },
      body: JSON.stringify(body),
    });
  return {
    app,
    database,
    post,
    advance: (seconds: number) => {
      offsetMs += seconds * 1000;
    },
    /** The code of the newest SMS to the phone, read from the stand-in's outbox. */
    async codeFor(phone: string): Promise<string> {
      const [message] = await services.phoneCodes.outbox(phone, 1);
      return /\d{6}/.exec(message?.text ?? "")![0];
    },
  };
}

describe("POST /api/v1/auth/phone/code and /confirm", () => {
  it("signs in with the code read from the outbox; the same phone later lands in the same account", async () => {
    const { app, post, codeFor, advance } = await phoneApp();
    const phone = freshPhone();
    const sent = await post("code", { phone: maskedPhone(phone) });
    expect(sent.status).toBe(202);
    expect(await sent.json()).toEqual({ resendAfterS: 60, expiresInS: 300 });
    expect(sent.headers.get("cache-control")).toBe("private, no-store");

    const confirmed = await post("confirm", { phone, code: await codeFor(phone) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get("cache-control")).toBe("private, no-store");
    const { user } = await confirmed.json();
    expect(user).toMatchObject({ phone, name: null });
    const cookie = /sid=[^;]+/.exec(confirmed.headers.get("set-cookie") ?? "")![0];
    const profile = await app.request(`${origin}/api/v1/user/profile`, { headers: { cookie } });
    expect(profile.status).toBe(200);
    expect((await profile.json()).id).toBe(user.id);

    advance(61);
    await post("code", { phone });
    const again = await post("confirm", { phone: maskedPhone(phone), code: await codeFor(phone) });
    expect((await again.json()).user.id).toBe(user.id);
  });

  it("signs an existing customer into their account, and answers a code request exactly as for an unknown number", async () => {
    const { post, codeFor, database } = await phoneApp();
    const known = freshPhone();
    const customer = await createUser(database.db, { phone: known });
    const unknown = freshPhone();
    const answers = [];
    for (const phone of [known, unknown]) {
      const response = await post("code", { phone });
      answers.push({
        status: response.status,
        body: await response.text(),
        headers: [...response.headers.keys()].filter((h) => h !== "x-request-id").sort(),
      });
    }
    expect(answers[0]).toEqual(answers[1]);
    const confirmed = await post("confirm", { phone: known, code: await codeFor(known) });
    expect((await confirmed.json()).user.id).toBe(String(customer.id));
  });

  it("refuses an expired code with a clear message", async () => {
    const { post, codeFor, advance } = await phoneApp();
    const phone = freshPhone();
    await post("code", { phone });
    const code = await codeFor(phone);
    advance(5 * 60 + 1);
    const response = await post("confirm", { phone, code });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "otp_expired",
      message: "Срок действия кода истёк. Запросите новый код",
    });
  });

  it("takes a code once", async () => {
    const { post, codeFor } = await phoneApp();
    const phone = freshPhone();
    await post("code", { phone });
    const code = await codeFor(phone);
    expect((await post("confirm", { phone, code })).status).toBe(200);
    const reused = await post("confirm", { phone, code });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({
      code: "otp_expired",
      message: "Этот код уже использован. Запросите новый код",
    });
  });

  it("counts wrong codes down and kills the code at the fifth, the right one included", async () => {
    const { post, codeFor } = await phoneApp();
    const phone = freshPhone();
    await post("code", { phone });
    const code = await codeFor(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    const left = ["Осталось 4 попытки", "Осталось 3 попытки", "Осталось 2 попытки", "Осталась 1 попытка"];
    for (const text of left) {
      const response = await post("confirm", { phone, code: wrong });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "otp_invalid", message: `Неверный код. ${text}` });
    }
    const fifth = await post("confirm", { phone, code: wrong });
    expect(await fifth.json()).toMatchObject({ code: "otp_exhausted" });
    const right = await post("confirm", { phone, code });
    expect(right.status).toBe(400);
    expect(await right.json()).toMatchObject({
      code: "otp_exhausted",
      message: "Код введён неверно 5 раз и больше не действует. Запросите новый код",
    });
  });

  it("sends a new code only after 60 s, and the new code replaces the old one", async () => {
    const { post, codeFor, advance } = await phoneApp();
    const phone = freshPhone();
    await post("code", { phone });
    const first = await codeFor(phone);
    advance(20);
    const early = await post("code", { phone });
    expect(early.status).toBe(429);
    expect(early.headers.get("retry-after")).toBe("40");
    expect(await early.json()).toMatchObject({
      code: "otp_cooldown",
      message: "Новый код можно запросить через 40 секунд",
    });
    advance(41);
    expect((await post("code", { phone })).status).toBe(202);
    const second = await codeFor(phone);
    if (second !== first) {
      expect((await post("confirm", { phone, code: first })).status).toBe(400);
    }
    expect((await post("confirm", { phone, code: second })).status).toBe(200);
  });

  it("sends one phone at most 5 codes an hour, from any address", async () => {
    const { post, advance } = await phoneApp();
    const phone = freshPhone();
    for (let i = 0; i < PHONE_LIMITS.phone.points; i++) {
      expect((await post("code", { phone }, freshIp())).status).toBe(202);
      advance(61);
    }
    const refused = await post("code", { phone }, freshIp());
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "otp_rate_limited" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60 * 59);
  });

  it("sends 100 codes an hour to phones behind one address (a mobile carrier's NAT), not the 101st", async () => {
    const { post } = await phoneApp();
    const ip = freshIp();
    expect(PHONE_LIMITS.ip).toEqual(loadConfig({}).phoneSignIn.addressBudget);
    for (let i = 0; i < 100; i++) {
      expect((await post("code", { phone: freshPhone() }, ip)).status).toBe(202);
    }
    const refused = await post("code", { phone: freshPhone() }, ip);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "otp_rate_limited" });
  });

  it("takes the address budget from RATE_LIMIT_SMS_ADDRESS, and confirms at most 30 per 10 minutes", async () => {
    const { addressBudget } = loadConfig({ RATE_LIMIT_SMS_ADDRESS: "3/600" }).phoneSignIn;
    expect(addressBudget).toEqual({ points: 3, durationS: 600 });
    const { post } = await phoneApp({ addressBudget });
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      expect((await post("code", { phone: freshPhone() }, ip)).status).toBe(202);
    }
    const refused = await post("code", { phone: freshPhone() }, ip);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "otp_rate_limited" });
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(600);
    expect((await post("code", { phone: freshPhone() }, freshIp())).status).toBe(202);

    const guesser = freshIp();
    for (let i = 0; i < PHONE_LIMITS.confirm.points; i++) {
      expect((await post("confirm", { phone: freshPhone(), code: "123456" }, guesser)).status).toBe(400);
    }
    expect((await post("confirm", { phone: freshPhone(), code: "123456" }, guesser)).status).toBe(429);
  });

  it("refuses an incomplete phone with the spec's message and a code that is not 6 digits", async () => {
    const { post } = await phoneApp();
    for (const phone of ["+7 (912) 345-67-8", "89123456789", "+1 (912) 345-67-89", "+7912345678", ""]) {
      const response = await post("code", { phone });
      expect(response.status, phone).toBe(400);
      expect((await response.json()).fields).toContainEqual({
        field: "body.phone",
        message: "Заполните номер телефона полностью",
      });
    }
    const short = await post("confirm", { phone: freshPhone(), code: "12345" });
    expect(short.status).toBe(400);
  });

  it("answers 503 in Russian when the SMS does not go out, and lets the shopper ask again at once", async () => {
    let fail = true;
    const sent: string[] = [];
    const { post } = await phoneApp({
      gateway: {
        provider: "test",
        async send(_phone, text) {
          if (fail) throw new Error("gateway said: api_id 1234 blocked");
          sent.push(text);
        },
      },
    });
    const phone = freshPhone();
    const failed = await post("code", { phone });
    expect(failed.status).toBe(503);
    const body = await failed.text();
    expect(JSON.parse(body)).toMatchObject({
      code: "sms_unavailable",
      message: "Не удалось отправить СМС. Попробуйте ещё раз через минуту",
    });
    expect(body).not.toContain("api_id");
    fail = false;
    expect((await post("code", { phone })).status).toBe(202);
    expect(sent).toHaveLength(1);
  });

  it("prints each stand-in SMS as one JSON line with the phone and text, and logs the request with the phone masked only", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const { post, codeFor } = await phoneApp({ logger: createLogger("info", sink) });
    const phone = freshPhone();
    await post("code", { phone });
    const code = await codeFor(phone);
    const sms = lines.filter((l) => l.event === "sms");
    expect(sms).toEqual([
      expect.objectContaining({ phone, text: `Код для входа в Витрину: ${code}. Никому его не сообщайте` }),
    ]);
    const requested = lines.filter((l) => l.event === "otp_requested");
    expect(requested).toEqual([
      expect.objectContaining({ phone: `${phone.slice(0, 5)}***${phone.slice(-4)}` }),
    ]);
    expect(lines.filter((l) => l.event !== "sms").some((l) => JSON.stringify(l).includes(code))).toBe(false);
  });

  it("keeps the generated hashing key in the database: a code sent by one instance is confirmed by another (or after a restart)", async () => {
    const first = await phoneApp();
    const second = await phoneApp();
    const phone = freshPhone();
    await first.post("code", { phone });
    const code = await first.codeFor(phone);
    expect((await second.post("confirm", { phone, code })).status).toBe(200);
  });

  it("hashes with OTP_SECRET when configured: a code is worthless to an instance with another key", async () => {
    const keyed = await phoneApp({ secret: "k".repeat(32) });
    const other = await phoneApp({ secret: "o".repeat(32) });
    const phone = freshPhone();
    await keyed.post("code", { phone });
    const code = await keyed.codeFor(phone);
    expect(await (await other.post("confirm", { phone, code })).json()).toMatchObject({
      code: "otp_invalid",
    });
    expect((await keyed.post("confirm", { phone, code })).status).toBe(200);
  });

  it("texts through SMS.ru when its api_id is configured, keeping the code out of the outbox", async () => {
    const forms: URLSearchParams[] = [];
    const fake = createServer(async (req, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      forms.push(form);
      const to = form.get("to") ?? "";
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ status: "OK", sms: { [to]: { status: "OK", sms_id: "202611-1" } } }));
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/sms/send`;
      const { post, database } = await phoneApp({ smsRu: { apiId: "api-id", url } });
      const phone = freshPhone();
      expect((await post("code", { phone })).status).toBe(202);
      const code = /\d{6}/.exec(forms[0]?.get("msg") ?? "")![0];
      const [row] = await createServices(database.db).phoneCodes.outbox(phone, 1);
      expect(row).toMatchObject({ provider: "sms.ru", text: expect.not.stringContaining(code) });
      expect((await post("confirm", { phone, code })).status).toBe(200);
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });
});

describe("phone sign-in under 50 parallel requests", () => {
  const PARALLEL = 50;
  const many = <T>(make: (i: number) => T | Promise<T>): Promise<Awaited<T>[]> =>
    Promise.all(Array.from({ length: PARALLEL }, (_, i) => make(i)));

  it("texts one code however many requests for one phone arrive together", async () => {
    const { post, database } = await phoneApp();
    const phone = freshPhone();
    const answers = await many(() => post("code", { phone }, freshIp()));
    expect(answers.filter((res) => res.status === 202)).toHaveLength(1);
    for (const res of answers) expect([202, 429]).toContain(res.status);
    const services = createServices(database.db);
    expect(await services.phoneCodes.outbox(phone, PARALLEL)).toHaveLength(1);
  });

  it("counts every one of 50 simultaneous wrong guesses: at most 5 are judged, and the code is dead after", async () => {
    const { post, codeFor } = await phoneApp();
    const phone = freshPhone();
    expect((await post("code", { phone })).status).toBe(202);
    const code = await codeFor(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = await many(async () => {
      const res = await post("confirm", { phone, code: wrong }, freshIp());
      return { status: res.status, code: (await res.json()).code as string };
    });
    expect(answers.every((a) => a.status === 400)).toBe(true);
    expect(answers.filter((a) => a.code === "otp_invalid").length).toBeLessThanOrEqual(5);
    expect((await post("confirm", { phone, code }, freshIp())).status).toBe(400);
  });

  it("lets one of 50 simultaneous confirmations of the right code in, and only one", async () => {
    const { post, codeFor } = await phoneApp();
    const phone = freshPhone();
    expect((await post("code", { phone })).status).toBe(202);
    const code = await codeFor(phone);
    const answers = await many(() => post("confirm", { phone, code }, freshIp()));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    for (const res of answers) expect([200, 400]).toContain(res.status);
  });
});
