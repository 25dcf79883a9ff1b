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

  it("takes the receipts' taxation system from ACQUIRER_TAXATION, osn by default, and refuses an unknown one", () => {
    expect(loadConfig({}).acquirerTaxation).toBe("osn");
    expect(loadConfig({ ACQUIRER_TAXATION: " " }).acquirerTaxation).toBe("osn");
    expect(loadConfig({ ...TERMINAL, ACQUIRER_TAXATION: "usn_income" }).acquirerTaxation).toBe("usn_income");
    for (const taxation of ["usn_income_outcome", "esn", "patent"]) {
      expect(loadConfig({ ACQUIRER_TAXATION: taxation }).acquirerTaxation).toBe(taxation);
    }
    // ENVD was abolished in 2021; a typo is not taken for the default.
    for (const wrong of ["envd", "OSN", "usn"]) {
      expect(() => loadConfig({ ACQUIRER_TAXATION: wrong }), wrong).toThrow(
        /ACQUIRER_TAXATION — одна из систем налогообложения: osn, usn_income/,
      );
    }
  });
});
