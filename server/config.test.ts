import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: "0.0.0.0",
      port: 3000,
      theme: "alfa",
      databaseUrl: undefined,
      redisUrl: undefined,
      features: { alfaId: false, cashbackInCartBtn: false, topProfit: false },
      seedProducts: 5000,
      shutdownTimeoutMs: 10_000,
      maintenance: false,
    });
  });

  it("treats empty URLs as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", REDIS_URL: " " }).databaseUrl).toBeUndefined();
  });

  it("takes one or more PostgreSQL replicas, and only beside a PostgreSQL primary (ADR 070)", () => {
    const primary = "postgres://app@db-1:5432/vitrina";
    expect(loadConfig({}).databaseReplicaUrls).toEqual([]);
    expect(
      loadConfig({
        DATABASE_URL: primary,
        DATABASE_REPLICA_URL: "postgres://app@db-2:5432/vitrina, postgresql://app@db-3/vitrina",
      }).databaseReplicaUrls,
    ).toEqual(["postgres://app@db-2:5432/vitrina", "postgresql://app@db-3/vitrina"]);
    expect(() => loadConfig({ DATABASE_REPLICA_URL: "postgres://app@db-2/vitrina" })).toThrow(
      /DATABASE_REPLICA_URL.*DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: "http://db-2/vitrina" })).toThrow(
      /DATABASE_REPLICA_URL/,
    );
  });

  it("takes a query backstop only above the longest statement timeout, or 0 for none", () => {
    expect(loadConfig({ DATABASE_QUERY_TIMEOUT_MS: "0" }).databaseQueryTimeoutMs).toBe(0);
    expect(loadConfig({ DATABASE_QUERY_TIMEOUT_MS: "6000" }).databaseQueryTimeoutMs).toBe(6_000);
    for (const ms of ["1000", "5000", "5999"]) {
      expect(() => loadConfig({ DATABASE_QUERY_TIMEOUT_MS: ms }), ms).toThrow(
        /DATABASE_QUERY_TIMEOUT_MS.*6000/,
      );
    }
  });

  it("counts with Metrika only in production and with a counter id", () => {
    expect(loadConfig({ NODE_ENV: "production", YM_ID: "98765" }).ymId).toBe("98765");
    expect(loadConfig({ YM_ID: "98765" }).ymId).toBe("98765");
    expect(loadConfig({ NODE_ENV: "development", YM_ID: "98765" }).ymId).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "test", YM_ID: "98765" }).ymId).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "production" }).ymId).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "production", YM_ID: " " }).ymId).toBeUndefined();
  });

  it("names every invalid variable", () => {
    expect(() => loadConfig({ PORT: "http", THEME: "dark" })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: "http", THEME: "dark" });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/THEME/);
    }
  });

  it("reads TRUST_PROXY as off, any peer, or a list of proxies, and refuses what is none of them", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(true);
    const list = loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).trustProxy;
    expect(typeof list === "object" && list.includes("10.2.3.4") && !list.includes("11.0.0.1")).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: "proxy.local" })).toThrow(/TRUST_PROXY.*proxy\.local/);
  });

  it("reads phone sign-in: OTP_SECRET of 32 characters or more, SMS.ru only with its api_id", () => {
    expect(loadConfig({}).phoneSignIn).toEqual({
      otpSecret: undefined,
      smsRu: undefined,
      addressBudget: { points: 100, durationS: 3600 },
    });
    expect(loadConfig({ RATE_LIMIT_SMS_ADDRESS: "500/3600" }).phoneSignIn.addressBudget).toEqual({
      points: 500,
      durationS: 3600,
    });
    expect(() => loadConfig({ RATE_LIMIT_SMS_ADDRESS: "много" })).toThrow(/RATE_LIMIT_SMS_ADDRESS/);
    expect(loadConfig({ OTP_SECRET: "s".repeat(32) }).phoneSignIn.otpSecret).toBe("s".repeat(32));
    expect(() => loadConfig({ OTP_SECRET: "short" })).toThrow(/OTP_SECRET/);
    expect(loadConfig({ SMS_SENDER: "Vitrina" }).phoneSignIn.smsRu).toBeUndefined();
    expect(loadConfig({ SMS_RU_API_ID: "id", SMS_SENDER: "Vitrina" }).phoneSignIn.smsRu).toEqual({
      apiId: "id",
      sender: "Vitrina",
    });
  });

  it("reads DaData: the key turns it on, the secret only with the key, a timeout of 1.5 s unless told", () => {
    expect(loadConfig({}).dadata).toBeUndefined();
    expect(loadConfig({ DADATA_API_KEY: " key " }).dadata).toEqual({
      apiKey: "key",
      secret: undefined,
      suggestionsUrl: undefined,
      cleanerUrl: undefined,
      timeoutMs: 1_500,
    });
    expect(
      loadConfig({
        DADATA_API_KEY: "key",
        DADATA_SECRET: "secret",
        DADATA_SUGGESTIONS_URL: "http://localhost:9000/rs",
        DADATA_TIMEOUT_MS: "800",
      }).dadata,
    ).toMatchObject({ secret: "secret", suggestionsUrl: "http://localhost:9000/rs", timeoutMs: 800 });
    expect(() => loadConfig({ DADATA_SECRET: "secret" })).toThrow(
      /DADATA_API_KEY нужен вместе с DADATA_SECRET/,
    );
    expect(() => loadConfig({ DADATA_API_KEY: "key", DADATA_TIMEOUT_MS: "20" })).toThrow(/DADATA_TIMEOUT_MS/);
  });

  it("reads the bank: all three OIDC variables or none, an https issuer (http only for localhost)", () => {
    expect(loadConfig({}).bank).toBeUndefined();
    const real = {
      OIDC_ISSUER: "https://id.bank.example",
      OIDC_CLIENT_ID: "vitrina",
      OIDC_CLIENT_SECRET: "secret",
    };
    expect(loadConfig(real).bank).toEqual({
      issuer: "https://id.bank.example",
      clientId: "vitrina",
      clientSecret: "secret",
    });
    expect(loadConfig({ ...real, OIDC_ISSUER: "http://localhost:3000/bank" }).bank?.issuer).toBe(
      "http://localhost:3000/bank",
    );
    expect(() => loadConfig({ OIDC_ISSUER: "https://id.bank.example" })).toThrow(
      /OIDC_CLIENT_ID[\s\S]*OIDC_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ OIDC_CLIENT_ID: "vitrina", OIDC_CLIENT_SECRET: "secret" })).toThrow(
      /OIDC_ISSUER/,
    );
    expect(() => loadConfig({ ...real, OIDC_ISSUER: "http://id.bank.example" })).toThrow(
      /OIDC_ISSUER.*https/,
    );
    expect(() => loadConfig({ ...real, OIDC_ISSUER: "not a url" })).toThrow(/OIDC_ISSUER/);
    expect(() => loadConfig({ ...real, OIDC_ISSUER: "https://id.bank.example/?x=1" })).toThrow(/OIDC_ISSUER/);
    // Empty values count as unset (a template's blank lines).
    expect(loadConfig({ OIDC_ISSUER: "", OIDC_CLIENT_ID: "", OIDC_CLIENT_SECRET: "" }).bank).toBeUndefined();
  });

  it("points the 401 screen at the bank sign-in unless AUTH_URL says otherwise, and refuses other sites' paths", () => {
    expect(loadConfig({}).authUrl).toBe("/api/v1/auth/bank");
    expect(loadConfig({ AUTH_URL: "https://bank.example/login" }).authUrl).toBe("https://bank.example/login");
    for (const bad of ["//evil.example", "javascript:alert(1)", "ftp://bank.example"]) {
      expect(() => loadConfig({ AUTH_URL: bad }), bad).toThrow(/AUTH_URL/);
    }
  });

  it("keeps uploads in .data/uploads, or UPLOADS_DIR, or the S3 bucket given by all four S3 variables", () => {
    expect(loadConfig({}).uploads).toEqual({
      dir: expect.stringMatching(/[/\\]\.data[/\\]uploads$/),
      s3: undefined,
    });
    expect(loadConfig({ UPLOADS_DIR: "/srv/photos" }).uploads.dir).toBe("/srv/photos");
    const s3 = {
      S3_ENDPOINT: "https://storage.yandexcloud.net",
      S3_BUCKET: "vitrina-photos",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(loadConfig(s3).uploads.s3).toEqual({
      endpoint: "https://storage.yandexcloud.net",
      bucket: "vitrina-photos",
      region: "ru-central1",
      accessKeyId: "key",
      secretAccessKey: "secret",
    });
    expect(loadConfig({ ...s3, S3_REGION: "us-east-1" }).uploads.s3?.region).toBe("us-east-1");
    expect(() => loadConfig({ S3_ENDPOINT: s3.S3_ENDPOINT, S3_BUCKET: s3.S3_BUCKET })).toThrow(
      /S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: "Not_A_Bucket" })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
    expect(loadConfig({ ...s3, RATE_LIMIT_UPLOADS: "5/60" }).rateLimits?.budgets.uploads).toEqual({
      points: 5,
      durationS: 60,
    });
  });
});
