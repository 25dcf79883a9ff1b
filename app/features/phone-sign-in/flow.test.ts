import { describe, expect, it } from "vitest";
import { ApiError } from "#app/lib/api-client.ts";
import { phoneError } from "#app/ui/phone-mask.ts";
import {
  codeDigits,
  cooldownLeft,
  failureMessage,
  formatCountdown,
  isWholeCode,
  readCodeSentState,
  secondsUntilResend,
  withRedirectTo,
} from "./flow.ts";

describe("the phone step's rule (spec §5)", () => {
  it("asks for a whole 18-character number", () => {
    expect(phoneError("")).toBe("Поле обязательно к заполнению");
    expect(phoneError("+7 (916) 123-45-6")).toBe("Заполните номер телефона полностью");
    expect(phoneError("+7 (916) 123-45-67")).toBeUndefined();
  });
});

describe("the resend countdown", () => {
  const sent = { sentAt: 1_000_000, resendAfterS: 60 };

  it("counts down from resendAfterS to 0 and stays there", () => {
    expect(secondsUntilResend(sent, sent.sentAt)).toBe(60);
    expect(secondsUntilResend(sent, sent.sentAt + 500)).toBe(60);
    expect(secondsUntilResend(sent, sent.sentAt + 1_000)).toBe(59);
    expect(secondsUntilResend(sent, sent.sentAt + 59_001)).toBe(1);
    expect(secondsUntilResend(sent, sent.sentAt + 60_000)).toBe(0);
    expect(secondsUntilResend(sent, sent.sentAt + 3_600_000)).toBe(0);
  });

  it("reads as minutes and seconds", () => {
    expect(formatCountdown(60)).toBe("1:00");
    expect(formatCountdown(59)).toBe("0:59");
    expect(formatCountdown(5)).toBe("0:05");
    expect(formatCountdown(0)).toBe("0:00");
  });
});

describe("the code field", () => {
  it("keeps the digits of what was typed or pasted, six at most", () => {
    expect(codeDigits("12 34 56")).toBe("123456");
    expect(codeDigits("Код: 1234567")).toBe("123456");
    expect(codeDigits("abc")).toBe("");
    expect(isWholeCode("12345")).toBe(false);
    expect(isWholeCode("123456")).toBe(true);
  });
});

describe("the state handed to /confirm/auth", () => {
  it("is read only when whole", () => {
    const state = { phone: "+79161234567", sentAt: 1, resendAfterS: 60 };
    expect(readCodeSentState(state)).toEqual(state);
    expect(readCodeSentState(null)).toBeNull();
    expect(readCodeSentState({ ...state, phone: "89161234567" })).toBeNull();
    expect(readCodeSentState({ ...state, sentAt: "1" })).toBeNull();
    expect(readCodeSentState({ phone: state.phone })).toBeNull();
  });

  it("carries a safe redirectTo and drops anything else", () => {
    expect(withRedirectTo("/confirm/auth", "/personal/orders?tab=completed")).toBe(
      "/confirm/auth?redirectTo=%2Fpersonal%2Forders%3Ftab%3Dcompleted",
    );
    expect(withRedirectTo("/confirm/auth", null)).toBe("/confirm/auth");
    expect(withRedirectTo("/confirm/auth", "//evil.example")).toBe("/confirm/auth");
    expect(withRedirectTo("/confirm/auth", "javascript:alert(1)")).toBe("/confirm/auth");
  });
});

describe("messages for a failed call", () => {
  const body = (code: string, message: string) =>
    ({ status: 400, code, type: "validation", message }) as NonNullable<ApiError["body"]>;

  it("is the API's own Russian message", () => {
    const wrong = new ApiError({
      status: 400,
      body: body("otp_invalid", "Неверный код. Осталось 4 попытки"),
    });
    expect(failureMessage(wrong)).toBe("Неверный код. Осталось 4 попытки");
  });

  it("prefers a field's message", () => {
    const error = new ApiError({
      status: 400,
      body: { ...body("validation", "Ошибка"), fields: [{ field: "phone", message: "Заполните номер" }] },
    });
    expect(failureMessage(error)).toBe("Заполните номер");
  });

  it("names the connection when there was no answer", () => {
    expect(failureMessage(new ApiError({ statusMessage: "Network error" }))).toMatch(/Нет связи/);
    expect(failureMessage(new Error("x"))).toMatch(/Попробуйте ещё раз/);
  });
});

describe("a code asked for again within the minute", () => {
  const cooldown = (retryAfterSeconds?: number) =>
    new ApiError({
      status: 429,
      body: {
        status: 429,
        code: "otp_cooldown",
        type: "rate_limited",
        message: "Новый код можно запросить через 42 секунды",
      },
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });

  it("is the seconds left to wait, from Retry-After", () => {
    expect(cooldownLeft(cooldown(42))).toBe(42);
    expect(cooldownLeft(cooldown())).toBe(60);
  });

  it("is no cooldown for any other refusal", () => {
    const limited = new ApiError({
      status: 429,
      body: {
        status: 429,
        code: "otp_rate_limited",
        type: "rate_limited",
        message: "Слишком много запросов",
      },
      retryAfterSeconds: 3000,
    });
    expect(cooldownLeft(limited)).toBeUndefined();
    expect(cooldownLeft(new Error("x"))).toBeUndefined();
  });
});
