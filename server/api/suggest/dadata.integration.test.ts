import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DadataSuggestions } from "#contract/suggest.ts";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { createLogger, type Logger } from "#server/logger.ts";
import { readJson } from "#tests/fixtures/api-call.ts";
import { type DadataReply, dadataHouse, startFakeDadata } from "#tests/fixtures/dadata-fake.ts";
import { cityNamed } from "#tests/fixtures/delivery-data.ts";
import { appWith, getTestContext } from "#tests/fixtures/test-app.ts";

/**
 * The suggestions endpoints with a DaData key (ADR 064): answered by DaData (here a fake on a local port)
 * through our API, the key never in the answer; the stand-in register's answer when DaData is slow or
 * failing, with a log line; the register alone without a key.
 */
let fake: Awaited<ReturnType<typeof startFakeDadata>>;
let reply: DadataReply;

beforeAll(async () => {
  fake = await startFakeDadata(() => reply);
  // The worker's seeded database, made here under the hook's longer timeout rather than in the first test.
  await getTestContext();
});
afterAll(() => fake.close());

/** An app with DaData configured, and the warnings its fallback logs. */
async function appWithDadata(timeoutMs: number) {
  const { database } = await getTestContext();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DADATA_API_KEY: "integration-key",
    DADATA_SUGGESTIONS_URL: fake.suggestionsUrl,
    DADATA_CLEANER_URL: fake.cleanerUrl,
    DADATA_TIMEOUT_MS: String(timeoutMs),
  });
  const warnings: string[] = [];
  const logger = {
    warn: (_fields: unknown, message: string) => void warnings.push(message),
  } as unknown as Pick<Logger, "warn">;
  const app = createApp({
    config,
    services: createServices(database.db, { suggest: { dadata: config.dadata, logger } }),
    logger: createLogger("silent"),
    checks: {},
  });
  return { app, warnings };
}

const suggest = async (app: { request: (url: string) => Response | Promise<Response> }, path: string) => {
  const response = await app.request(`http://localhost/api/v1/suggest${path}`);
  const text = await response.text();
  return { response, text, answer: JSON.parse(text) as DadataSuggestions };
};

describe("address suggestions through DaData, with the stand-in register behind it", () => {
  it("answers DaData's suggestions for the chosen city, without the key anywhere in the answer", async () => {
    const { database } = await getTestContext();
    const moscow = await cityNamed(database.db, "Москва");
    reply = { body: { suggestions: [dadataHouse("Тверская", "7")] } };
    // A busy machine's fake may take a while: this test is about the answer, not the timeout.
    const { app } = await appWithDadata(5_000);
    const before = fake.received.length;
    const { response, text, answer } = await suggest(
      app,
      `/address?query=${encodeURIComponent("тверская 7")}&cityId=${moscow.id}`,
    );
    expect(response.status).toBe(200);
    expect(answer.suggestions[0]).toMatchObject({
      value: "г Москва, ул Тверская, д 7",
      data: { house_fias_id: "6f6e33a3-2d1c-4a3a-9d38-8e3c2b6d1f00", timezone: "Europe/Moscow" },
    });
    expect(text).not.toContain("integration-key");
    const request = fake.received[before]!;
    expect(request.headers.authorization).toBe("Token integration-key");
    expect(request.body).toMatchObject({ query: "тверская 7", locations: [{ city: "Москва" }] });
  });

  it("answers from the register, never a 500, when DaData fails or is slower than its timeout", async () => {
    const { database } = await getTestContext();
    const moscow = await cityNamed(database.db, "Москва");
    const { app, warnings } = await appWithDadata(300);
    for (const failure of [{ status: 500 }, { delayMs: 3_000, body: { suggestions: [] } }] as DadataReply[]) {
      reply = failure;
      const { response, answer } = await suggest(
        app,
        `/address?query=${encodeURIComponent("Тверская")}&cityId=${moscow.id}`,
      );
      expect(response.status).toBe(200);
      // The register's real street, with our own ids.
      expect(answer.suggestions[0]).toMatchObject({
        value: "г Москва, ул Тверская",
        data: { fias_id: expect.stringMatching(/^vitrina-street-/) },
      });
    }
    expect(warnings).toHaveLength(2);
    // An unknown city is still the request's own 404.
    reply = { body: { suggestions: [] } };
    expect((await app.request("http://localhost/api/v1/suggest/address?query=x&cityId=999999")).status).toBe(
      404,
    );
  });

  it("asks nobody without a key: the register answers", async () => {
    const { database } = await getTestContext();
    const moscow = await cityNamed(database.db, "Москва");
    const app = await appWith({});
    const before = fake.received.length;
    const answer = await readJson<DadataSuggestions>(
      await app.request(
        `http://localhost/api/v1/suggest/address?query=${encodeURIComponent("Тверская")}&cityId=${moscow.id}`,
      ),
    );
    expect(answer.suggestions[0]!.value).toBe("г Москва, ул Тверская");
    expect(fake.received.length).toBe(before);
  });
});
