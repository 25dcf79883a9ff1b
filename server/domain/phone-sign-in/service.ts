import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Redis } from "ioredis";
import pino from "pino";
import { plural } from "#contract/format.ts";
import { purgeInBatches } from "#server/domain/housekeeping.ts";
import { AppError } from "#server/errors.ts";
import type { Logger } from "#server/logger.ts";
import { createPhoneLimiters, type PhoneLimiters } from "./limits.ts";
import type { PhoneCodesRepository } from "./repository.ts";
import type { SmsGateway } from "./sms-gateway.ts";
import { createSmsRuGateway, type SmsRuSettings } from "./sms-ru-gateway.ts";

/** commerce.md, Identity: a code lives 5 minutes, allows 5 tries, and a new one is sent after 60 s. */
export const CODE_TTL_S = 5 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_S = 60;
const CODE_DIGITS = 6;
const SECRET_NAME = "otp_hmac_key";

export interface PhoneSignInOptions {
  /** OTP_SECRET; without it a key is generated once and kept in the database (ADR 028). */
  secret?: string | undefined;
  /** The shared Redis for the limits; in-process memory without it. */
  redis?: Redis | undefined;
  /** SMS.ru's settings (SMS_RU_API_ID): the real gateway. */
  smsRu?: SmsRuSettings | undefined;
  /** Where the code requests are logged. */
  logger?: Logger;
  clock?: () => Date;
  /**
   * A gateway of the caller's own, used without SMS.ru: the composition root's stand-in (server/stand-ins/sms)
   * or a test's. One of the two is needed.
   */
  gateway?: SmsGateway;
  limiters?: PhoneLimiters;
  /** Codes one client address may ask for (RATE_LIMIT_SMS_ADDRESS); PHONE_LIMITS.ip without it. */
  addressBudget?: { points: number; durationS: number };
}

export interface SignedInByPhone {
  id: number;
  phone: string;
  name: string | null;
}

/** +79161234567 → +7916***4567: enough to follow one shopper's trouble in the log, not to text them. */
export function maskPhone(phone: string): string {
  return phone.length > 8 ? `${phone.slice(0, 5)}***${phone.slice(-4)}` : "***";
}

/**
 * What a code is for. The purpose is part of its keyed hash, so a code texted to change the account's phone
 * cannot sign in and a sign-in code cannot change a phone (ADR 033); the SMS says which it is.
 */
export type CodePurpose = "sign-in" | "phone-change";

export function smsText(code: string, purpose: CodePurpose = "sign-in"): string {
  if (purpose === "phone-change") {
    return `Код для смены номера в Витрине: ${code}. Никому его не сообщайте`;
  }
  return `Код для входа в Витрину: ${code}. Никому его не сообщайте`;
}

/**
 * Sign-in by an SMS code (commerce.md, Identity; ADR 028). Requesting a code answers the same whether
 * the phone has an account or not (the account is found or made only once the code is confirmed), so
 * the endpoint tells nobody which numbers are customers.
 */
export function createPhoneCodesService(repository: PhoneCodesRepository, options: PhoneSignInOptions = {}) {
  const clock = options.clock ?? (() => new Date());
  const logger = options.logger ?? pino({ level: "silent" });
  const limiters = options.limiters ?? createPhoneLimiters(options.redis, { ip: options.addressBudget });
  const gateway =
    options.gateway ?? (options.smsRu ? createSmsRuGateway(options.smsRu, repository.recordSms) : undefined);
  if (!gateway) throw new Error("phone sign-in needs an SMS gateway (SMS_RU_API_ID) or the stand-in");
  let key: Promise<Buffer> | undefined;
  const hmacKey = () => {
    key ??= (
      options.secret
        ? Promise.resolve(options.secret)
        : repository.secret(SECRET_NAME, randomBytes(32).toString("base64url"))
    ).then((value) => Buffer.from(value, "utf8"));
    // A failed read is tried again on the next request rather than remembered.
    key.catch(() => {
      key = undefined;
    });
    return key;
  };
  // A sign-in code's hash is the one ADR 028 describes; other purposes are prefixed with their name.
  const hash = async (phone: string, code: string, purpose: CodePurpose = "sign-in") =>
    createHmac("sha256", await hmacKey())
      .update(purpose === "sign-in" ? `${phone}:${code}` : `${purpose}:${phone}:${code}`)
      .digest();

  const tooMany = (retryAfterSeconds: number) =>
    new AppError("rate_limited", "Слишком много запросов кода. Попробуйте позже", {
      code: "otp_rate_limited",
      retryAfterSeconds,
    });
  const cooldown = (retryAfterSeconds: number) =>
    new AppError(
      "rate_limited",
      `Новый код можно запросить через ${retryAfterSeconds} ${seconds(retryAfterSeconds)}`,
      { code: "otp_cooldown", retryAfterSeconds },
    );

  /**
   * Spends the phone's code when it is right and was texted for `purpose` (a code for another purpose
   * counts as a wrong guess); a Russian AppError saying what is wrong otherwise. Proves the caller holds
   * the phone, and nothing else: the caller decides what that is worth.
   */
  async function verifyCode(
    phone: string,
    code: string,
    client: string,
    purpose: CodePurpose,
  ): Promise<void> {
    const wait = await limiters.consume("confirm", client);
    if (wait) throw tooMany(wait);
    const now = clock();
    const live = await repository.spendAttempt(phone, now, CODE_MAX_ATTEMPTS);
    if (!live) throw await whyUnusable(repository, phone, now);
    const expected = Buffer.from(live.codeHash, "base64url");
    const given = await hash(phone, code, purpose);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      const left = CODE_MAX_ATTEMPTS - live.attempts;
      if (left <= 0) throw exhausted();
      throw new AppError("validation", `Неверный код. ${attemptsLeft(left)}`, { code: "otp_invalid" });
    }
    if (!(await repository.consume(live.id, now))) throw used();
  }

  return {
    /** Texts a fresh code to the phone (E.164), replacing any earlier one. `client` is the limits' key. */
    async requestCode(
      phone: string,
      client: string,
      purpose: CodePurpose = "sign-in",
    ): Promise<{ resendAfterS: number; expiresInS: number }> {
      const now = clock();
      const cooldownSince = new Date(now.getTime() - RESEND_COOLDOWN_S * 1000);
      const lastSentAt = await repository.lastSentAt(phone);
      if (lastSentAt && lastSentAt > cooldownSince) {
        throw cooldown(Math.ceil((lastSentAt.getTime() - cooldownSince.getTime()) / 1000));
      }
      const wait = (await limiters.consume("ip", client)) ?? (await limiters.consume("phone", phone));
      if (wait) throw tooMany(wait);

      const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, "0");
      const codeHash = (await hash(phone, code, purpose)).toString("base64url");
      const placed = await repository.replaceCode(
        { phone, codeHash, createdAt: now, expiresAt: new Date(now.getTime() + CODE_TTL_S * 1000) },
        cooldownSince,
      );
      // Another request for the phone got in between the check and here.
      if (!placed) throw cooldown(RESEND_COOLDOWN_S);
      logger.info({ event: "otp_requested", phone: maskPhone(phone), client, purpose }, "code requested");
      try {
        await gateway.send(phone, smsText(code, purpose));
      } catch (err) {
        await repository.releaseCooldown(phone, codeHash);
        logger.error({ err, event: "sms_failed", phone: maskPhone(phone), provider: gateway.provider });
        throw new AppError("unavailable", "Не удалось отправить СМС. Попробуйте ещё раз через минуту", {
          code: "sms_unavailable",
          retryAfterSeconds: RESEND_COOLDOWN_S,
        });
      }
      return { resendAfterS: RESEND_COOLDOWN_S, expiresInS: CODE_TTL_S };
    },

    verifyCode,

    /** The phone's account once its code is right; a Russian AppError saying what is wrong otherwise. */
    async confirmCode(phone: string, code: string, client: string): Promise<SignedInByPhone> {
      await verifyCode(phone, code, client, "sign-in");
      const user = await repository.findOrCreateUserByPhone(phone);
      return { id: user.id, phone, name: user.name };
    },

    /** The newest messages to a phone: the stand-in's outbox (tests, and whoever tries the shop). */
    outbox: (phone: string, limit = 5) => repository.outbox(phone, limit),

    /** Deletes codes dead (expired or used) before `before`, `batch` rows per statement; returns how many. */
    purgeCodesBefore: (before: Date, batch: number) =>
      purgeInBatches((n) => repository.purgeCodesBefore(before, n), batch),
    /** Deletes outbox messages written before `before`, `batch` rows per statement; returns how many. */
    purgeOutboxBefore: (before: Date, batch: number) =>
      purgeInBatches((n) => repository.purgeOutboxBefore(before, n), batch),
  };
}
export type PhoneCodesService = ReturnType<typeof createPhoneCodesService>;

const exhausted = () =>
  new AppError("validation", "Код введён неверно 5 раз и больше не действует. Запросите новый код", {
    code: "otp_exhausted",
  });
const used = () =>
  new AppError("validation", "Этот код уже использован. Запросите новый код", { code: "otp_expired" });

async function whyUnusable(repository: PhoneCodesRepository, phone: string, now: Date): Promise<AppError> {
  const state = await repository.codeState(phone);
  if (!state) {
    return new AppError("validation", "Код не запрашивался. Запросите код ещё раз", { code: "otp_expired" });
  }
  if (state.consumedAt) return used();
  if (state.attempts >= CODE_MAX_ATTEMPTS) return exhausted();
  if (state.expiresAt <= now) {
    return new AppError("validation", "Срок действия кода истёк. Запросите новый код", {
      code: "otp_expired",
    });
  }
  // The code changed between the two reads (a new one was just sent): the shopper should use that.
  return used();
}

/** "Осталось 3 попытки" with the right Russian plural. */
function attemptsLeft(n: number): string {
  const word = plural(n, "попытка", "попытки", "попыток");
  return `${n === 1 ? "Осталась" : "Осталось"} ${n} ${word}`;
}

function seconds(n: number): string {
  return plural(n, "секунду", "секунды", "секунд");
}
