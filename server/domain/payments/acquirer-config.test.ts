import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";

const TERMINAL = {
  ACQUIRER_URL: "https://securepay.tinkoff.ru",
  ACQUIRER_TERMINAL_KEY: "1234567890123DEMO",
  ACQUIRER_PASSWORD: "secret-password",
};

describe("ACQUIRER_* configuration", () => {
  it("is the stand-in when none is set, a real terminal when all three are", () => {
    expect(loadConfig({}).acquirer).toBeUndefined();
    expect(loadConfig(TERMINAL).acquirer).toEqual({
      url: "https://securepay.tinkoff.ru",
      terminalKey: "1234567890123DEMO",
      password: "secret-password",
    });
    expect(loadConfig({ ...TERMINAL, ACQUIRER_URL: "http://localhost:9000" }).acquirer?.url).toBe(
      "http://localhost:9000",
    );
  });

  it("refuses one or two of the three, and plain http off localhost", () => {
    expect(() => loadConfig({ ACQUIRER_URL: TERMINAL.ACQUIRER_URL })).toThrow(ConfigError);
    expect(() => loadConfig({ ...TERMINAL, ACQUIRER_PASSWORD: "" })).toThrow(
      /ACQUIRER_PASSWORD нужен вместе/,
    );
    expect(() => loadConfig({ ...TERMINAL, ACQUIRER_URL: "http://acquirer.example" })).toThrow(
      /ACQUIRER_URL — адрес https/,
    );
  });
});
