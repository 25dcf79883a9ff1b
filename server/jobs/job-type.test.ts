import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DEFAULT_BACKOFF, DEFAULT_MAX_ATTEMPTS, defineJobType, retryDelayMs } from "./job-type.ts";

describe("job types", () => {
  it("doubles the retry delay from the base up to the cap", () => {
    const type = defineJobType({
      name: "send-sms",
      payload: z.object({ phone: z.string() }),
      backoff: { baseMs: 1_000, maxMs: 5_000 },
    });
    expect([1, 2, 3, 4, 10].map((attempt) => retryDelayMs(type, attempt))).toEqual([
      1_000, 2_000, 4_000, 5_000, 5_000,
    ]);
  });

  it("fills in the default attempts and back-off", () => {
    const type = defineJobType({ name: "retry-notification", payload: z.object({}) });
    expect(type.maxAttempts).toBe(DEFAULT_MAX_ATTEMPTS);
    expect(type.backoff).toEqual(DEFAULT_BACKOFF);
    expect(type.every).toBeUndefined();
    // A partial back-off keeps the other default.
    expect(defineJobType({ name: "x", payload: z.object({}), backoff: { baseMs: 5 } }).backoff).toEqual({
      baseMs: 5,
      maxMs: DEFAULT_BACKOFF.maxMs,
    });
  });

  it("refuses settings that could never run", () => {
    expect(() => defineJobType({ name: "x", payload: z.object({}), maxAttempts: 0 })).toThrow(/maxAttempts/);
    expect(() =>
      defineJobType({ name: "x", payload: z.object({}), every: { intervalMs: 0, payload: {} } }),
    ).toThrow(/intervalMs/);
  });
});
