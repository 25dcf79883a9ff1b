import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { OutboxMessage } from "./repository.ts";
import { SmsNotSentError } from "./sms-gateway.ts";
import { createSmsRuGateway } from "./sms-ru-gateway.ts";

interface Received {
  method: string | undefined;
  url: string | undefined;
  form: URLSearchParams;
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A local stand-in for sms.ru's send method answering `reply` to every request. */
async function fakeSmsRu(reply: (received: Received) => { status: number; body: string }) {
  const received: Received[] = [];
  server = createServer(async (req: IncomingMessage, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const request = { method: req.method, url: req.url, form: new URLSearchParams(body) };
    received.push(request);
    const { status, body: answer } = reply(request);
    res.writeHead(status, { "content-type": "application/json" }).end(answer);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/sms/send`, received };
}

const ok = (to: string, id: string) =>
  JSON.stringify({
    status: "OK",
    status_code: 100,
    sms: { [to]: { status: "OK", status_code: 100, sms_id: id } },
    balance: 4122.56,
  });

describe("SMS.ru gateway", () => {
  it("posts api_id, number, text and sender as a form, and records the message sent with its id and no code", async () => {
    const fake = await fakeSmsRu(() => ({ status: 200, body: ok("79123456789", "000000-10000000") }));
    const rows: OutboxMessage[] = [];
    const gateway = createSmsRuGateway(
      { apiId: "secret-api-id", sender: "Vitrina", url: fake.url },
      async (row) => {
        rows.push(row);
      },
    );
    await gateway.send("+79123456789", "Код для входа в Витрину: 123456. Никому его не сообщайте");
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe("/sms/send");
    expect(Object.fromEntries(request!.form)).toEqual({
      api_id: "secret-api-id",
      to: "79123456789",
      msg: "Код для входа в Витрину: 123456. Никому его не сообщайте",
      json: "1",
      from: "Vitrina",
    });
    expect(rows).toEqual([
      {
        phone: "+79123456789",
        text: "Код для входа в Витрину: ••••••. Никому его не сообщайте",
        provider: "sms.ru",
        providerId: "000000-10000000",
        status: "sent",
      },
    ]);
  });

  it("throws and records a failure when SMS.ru refuses the number, answers an error or cannot be reached", async () => {
    const answers = [
      {
        status: 200,
        body: JSON.stringify({
          status: "OK",
          status_code: 100,
          sms: { "79123456789": { status: "ERROR", status_code: 207, status_text: "Нельзя отправлять" } },
        }),
      },
      {
        status: 200,
        body: JSON.stringify({ status: "ERROR", status_code: 200, status_text: "Неправильный api_id" }),
      },
      { status: 502, body: "Bad Gateway" },
      { status: 200, body: "not json" },
    ];
    let next = 0;
    const fake = await fakeSmsRu(() => answers[next++]!);
    const rows: OutboxMessage[] = [];
    const gateway = createSmsRuGateway({ apiId: "x", url: fake.url }, async (row) => {
      rows.push(row);
    });
    for (const _ of answers) {
      await expect(gateway.send("+79123456789", "Код 123456")).rejects.toBeInstanceOf(SmsNotSentError);
    }
    const closed = createSmsRuGateway({ apiId: "x", url: "http://127.0.0.1:9/sms/send" }, async (row) => {
      rows.push(row);
    });
    await expect(closed.send("+79123456789", "Код 123456")).rejects.toBeInstanceOf(SmsNotSentError);
    expect(rows.map((r) => r.status)).toEqual(["failed", "failed", "failed", "failed", "failed"]);
    expect(rows.every((r) => !r.text.includes("123456"))).toBe(true);
  });
});
