import { createHash, randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import * as oidc from "openid-client";
import pino from "pino";
import { RateLimiterRes } from "rate-limiter-flexible";
import { z } from "zod";
import {
  type BankErrorCode,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  type ImportField,
  type ImportFieldStatus,
  PHONE_TAKEN_MESSAGE,
} from "#contract/bank-sign-in.ts";
import { maskPhone } from "#contract/format.ts";
import { cyrillicSchema, emailSchema, messages, phoneSchema } from "#contract/validation.ts";
import { purgeInBatches } from "#server/domain/housekeeping.ts";
import { AppError } from "#server/errors.ts";
import type { Logger } from "#server/logger.ts";
import { createLimiter } from "#server/rate-limiter.ts";
import type { BankProfile, BankSignInRepository, FlowPurpose } from "./repository.ts";

/** The storefront's callback: the redirect URI registered at the bank, on the shop's public origin. */
export const BANK_CALLBACK_PATH = "/api/v1/auth/bank/callback";
/** A round trip to the bank must come back within 10 minutes, once (ADR 029). */
export const FLOW_TTL_S = 10 * 60;
/**
 * Round trips one client address (an IPv4 address or IPv6 /64) may open in 10 minutes (ADR 029). Each
 * start stores a flow row for 10 minutes: without a limit a script could fill auth_flows. A shopper opens
 * a few; a whole office behind one address stays well under.
 */
export const FLOW_LIMIT = { points: 60, durationS: 10 * 60 } as const;
/** Imported data waits this long for the shopper to accept or discard it (ADR 030). */
export const IMPORT_TTL_S = 30 * 60;
/** Sign-in and import ask for the same: who you are, your name, email and phone. */
export const BANK_SCOPE = "openid profile email phone";
/** Longest name part and email kept from the bank (the profile's own limits). */
const NAME_MAX = 60;
const EMAIL_MAX = 254;
/** Discovery of a real bank is refreshed this often; a failed one is retried on the next sign-in. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** Origins whose in-process bank's client configuration is kept. */
const MAX_ORIGINS = 16;

export interface RealBankSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * A bank served by this very process (the stand-in bank, server/stand-ins/bank, which the composition root
 * wires when no real bank is configured): one issuer per public origin, reached without a socket.
 */
export interface InProcessBank {
  issuerFor(origin: string): string;
  /** The storefront's client registration at that bank. */
  clientId: string;
  clientSecret(): Promise<string>;
  /** Answers one request to the bank's endpoints (discovery, token, userinfo) in process. */
  handle(request: Request, target: { origin: string }): Promise<Response>;
}

/** Who has just signed in through the bank: the account and the bank's subject it is linked to. */
export interface SignedInWithBank {
  userId: number;
  subject: string;
}

export interface BankSignInOptions {
  /** A real bank (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET). Without it, `inProcessBank` answers. */
  bank?: RealBankSettings | undefined;
  inProcessBank?: InProcessBank | undefined;
  /**
   * Runs after each sign-in through the bank (not an import), before the shopper is sent on. The
   * composition root uses it for the stand-in's demo customers' welcome points; a real bank gets none.
   */
  afterSignIn?: ((signedIn: SignedInWithBank) => Promise<void>) | undefined;
  logger?: Logger;
  clock?: () => Date;
  /** The HTTP client for a real bank (tests: one that is down). */
  fetch?: oidc.CustomFetch;
  /** Shares the per-address limit on new round trips between instances. */
  redis?: Redis | undefined;
}

/** Why a round trip did not end well, and the flow it belonged to when it is known (where to go back). */
export class BankFlowError extends Error {
  /** For `bank_rate_limited`: the seconds until another round trip may start. */
  readonly retryAfterS: number | undefined;
  constructor(
    readonly code: BankErrorCode,
    readonly flow?: { purpose: FlowPurpose; redirectTo: string } | undefined,
    options?: { cause?: unknown; retryAfterS?: number },
  ) {
    super(code, options);
    this.name = "BankFlowError";
    this.retryAfterS = options?.retryAfterS;
  }
}

export type FinishedFlow =
  | { purpose: "sign_in"; userId: number; redirectTo: string }
  | { purpose: "import"; userId: number; redirectTo: string };

export interface ImportOfferField {
  field: ImportField;
  label: string;
  /** The value as the profile would keep it (a phone in E.164). */
  value: string;
  /** The value to show (a phone as `+7 (916) 123-45-67`). */
  display: string;
  current: string | null;
  status: ImportFieldStatus;
  /** Why it cannot be taken (`invalid`, `taken`). */
  message?: string;
}

export const hashFlowId = (id: string) => createHash("sha256").update(id).digest("base64url");

/** +7 916 123-45-67, 89161234567, 79161234567 → +79161234567; null for anything that is not a number. */
export function normalizePhone(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const digits = value.replace(/[\s()-]/g, "");
  const e164 = /^8\d{10}$/.test(digits)
    ? `+7${digits.slice(1)}`
    : /^7\d{10}$/.test(digits)
      ? `+${digits}`
      : digits;
  return /^\+[1-9]\d{6,14}$/.test(e164) ? e164 : null;
}

const text = (value: unknown, max: number): string | null => {
  if (typeof value !== "string") return null;
  const trimmed = value.trim().replace(/\s+/g, " ");
  return trimmed && trimmed.length <= max ? trimmed : null;
};

/**
 * The bank's standard claims as the profile's fields. The phone is taken only when the bank vouches for
 * it (`phone_number_verified: true`, OpenID Connect Core 5.1): it links the bank identity to the account
 * that signs in with that number, and an import writes it without an SMS code (ADR 029, 030), so a
 * number a customer merely typed at their bank would hand them someone else's account (or plant their
 * own account on a number they do not hold, for its owner to sign into later).
 */
export function profileFromClaims(claims: Record<string, unknown>): BankProfile {
  return {
    surname: text(claims.family_name, NAME_MAX),
    name: text(claims.given_name, NAME_MAX),
    patronymic: text(claims.middle_name, NAME_MAX),
    email: text(claims.email, EMAIL_MAX),
    phone: claims.phone_number_verified === true ? normalizePhone(claims.phone_number) : null,
  };
}

/** The profile's rule for a field (contract/validation.ts); the message when the value breaks it. */
function fieldProblem(field: ImportField, value: string): string | undefined {
  if (field === "phone" && !/^\+7\d{10}$/.test(value)) return messages.phone;
  const checked =
    field === "phone"
      ? phoneSchema.safeParse(maskPhone(value))
      : field === "email"
        ? emailSchema.pipe(z.string().max(EMAIL_MAX)).safeParse(value)
        : cyrillicSchema.max(NAME_MAX).safeParse(value);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

/** Whether a failure means the bank could not be reached (or answered 5xx), rather than refused us. */
function isOutage(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if (current instanceof Response) return current.status >= 500;
    const { name, message, code, status } = current as {
      name?: string;
      message?: string;
      code?: string;
      status?: number;
    };
    if (typeof status === "number" && status >= 500) return true;
    if (name === "AbortError" || name === "TimeoutError") return true;
    if (name === "TypeError" && message === "fetch failed") return true;
    if (
      typeof code === "string" &&
      /^(ECONN|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|UND_ERR)/.test(code)
    ) {
      return true;
    }
    if (current === (current as { cause?: unknown }).cause) break;
  }
  return false;
}

/**
 * The storefront as an OpenID relying party (openid-client 6; ADR 029): authorization code with PKCE
 * (S256), state and nonce, one flow row per round trip bound to the browser by a cookie; a bank customer
 * becomes one account however they come (bank subject, else the phone the bank vouches for). The same
 * round trip with `purpose: import` fetches a signed-in shopper's data for the profile (ADR 030).
 */
export function createBankSignInService(repository: BankSignInRepository, options: BankSignInOptions = {}) {
  const clock = options.clock ?? (() => new Date());
  const logger = options.logger ?? pino({ level: "silent" });
  const { bank, inProcessBank } = options;
  if (!bank && !inProcessBank) throw new Error("bank sign-in needs a bank (OIDC_ISSUER) or the stand-in");

  const flowLimiter = createLimiter(
    { keyPrefix: "vitrina:bank:flows", points: FLOW_LIMIT.points, duration: FLOW_LIMIT.durationS },
    options.redis,
  );
  let realConfig: { config: Promise<oidc.Configuration>; at: number } | undefined;
  const localConfigs = new Map<string, Promise<oidc.Configuration>>();

  const insecure = (url: string) => (new URL(url).protocol === "http:" ? [oidc.allowInsecureRequests] : []);

  async function discover(origin: string): Promise<oidc.Configuration> {
    if (bank) {
      if (!realConfig || Date.now() - realConfig.at > DISCOVERY_TTL_MS) {
        const config = oidc.discovery(
          new URL(bank.issuer),
          bank.clientId,
          undefined,
          oidc.ClientSecretBasic(bank.clientSecret),
          {
            execute: insecure(bank.issuer),
            timeout: 10,
            ...(options.fetch ? { [oidc.customFetch]: options.fetch } : {}),
          },
        );
        const entry = { config, at: Date.now() };
        realConfig = entry;
        // A bank that was down is asked again next time rather than remembered as down.
        config.catch(() => {
          if (realConfig === entry) realConfig = undefined;
        });
      }
      return realConfig.config;
    }
    const local = inProcessBank!;
    let config = localConfigs.get(origin);
    if (!config) {
      const issuer = local.issuerFor(origin);
      config = (async () =>
        oidc.discovery(
          new URL(issuer),
          local.clientId,
          undefined,
          oidc.ClientSecretBasic(await local.clientSecret()),
          {
            execute: insecure(issuer),
            // In process: the bank is this very server, reached without a socket (stand-ins/bank/node-bridge.ts).
            [oidc.customFetch]: (url, init) =>
              local.handle(
                new Request(url, {
                  method: init.method,
                  headers: init.headers,
                  body: init.body as BodyInit | null | undefined,
                  redirect: "manual",
                }),
                { origin: new URL(url).origin },
              ),
          },
        ))();
      localConfigs.set(origin, config);
      config.catch(() => localConfigs.delete(origin));
      if (localConfigs.size > MAX_ORIGINS) localConfigs.delete(localConfigs.keys().next().value!);
    }
    return config;
  }

  async function configFor(origin: string, flow?: BankFlowError["flow"]): Promise<oidc.Configuration> {
    try {
      return await discover(origin);
    } catch (error) {
      logger.warn({ err: error, event: "bank_unavailable" }, "bank discovery failed");
      throw new BankFlowError("bank_unavailable", flow, { cause: error });
    }
  }

  /** One account per bank customer, whether they came by bank or by phone first; its id. */
  async function findOrCreateUser(subject: string, profile: BankProfile): Promise<number> {
    let phone = profile.phone;
    // A few rounds at most: each round either finds the account or loses a race that creates it.
    for (let round = 0; round < 5; round++) {
      const existing = await repository.userIdByBankSubject(subject);
      if (existing) return existing;
      if (phone) {
        const linked = await repository.linkBankSubjectByPhone(phone, subject);
        if (linked) {
          await repository.fillEmptyProfile(linked, profile);
          logger.info(
            { event: "bank_subject_linked", userId: linked },
            "bank identity linked to a phone account",
          );
          return linked;
        }
        const holder = await repository.userByPhone(phone);
        // The phone's account belongs to another bank customer (a number passed on): a new account
        // without the phone, rather than someone else's.
        if (holder?.bankSubject && holder.bankSubject !== subject) phone = null;
        else if (holder) continue;
      }
      const created = await repository.insertBankUser(subject, { ...profile, phone });
      if (created) return created;
    }
    throw new Error("bank account could not be found or created");
  }

  return {
    findOrCreateUser,

    /**
     * Opens a round trip to the bank: the flow's browser-bound id (for the cookie) and where to send the
     * browser. `client` is the limit's key (the caller's address); none (an in-process call) is not counted.
     */
    async start(input: {
      origin: string;
      purpose: FlowPurpose;
      redirectTo: string;
      userId?: number | undefined;
      client: string | undefined;
    }): Promise<{ flowId: string; authorizationUrl: string; expiresAt: Date }> {
      const about = { purpose: input.purpose, redirectTo: input.redirectTo };
      if (input.client !== undefined) {
        try {
          await flowLimiter.consume(input.client);
        } catch (refusal) {
          // Anything but a refusal is the limiter's own fault (Redis has its insurance): let it through.
          if (refusal instanceof RateLimiterRes) {
            logger.warn({ event: "bank_flows_limited", purpose: input.purpose }, "too many bank round trips");
            const retryAfterS = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
            throw new BankFlowError("bank_rate_limited", about, { retryAfterS });
          }
        }
      }
      const config = await configFor(input.origin, about);
      const flowId = randomBytes(32).toString("base64url");
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const expiresAt = new Date(clock().getTime() + FLOW_TTL_S * 1000);
      await repository.insertFlow({
        idHash: hashFlowId(flowId),
        purpose: input.purpose,
        state,
        nonce,
        codeVerifier,
        redirectTo: input.redirectTo,
        userId: input.userId ?? null,
        expiresAt,
      });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: `${input.origin}${BANK_CALLBACK_PATH}`,
        scope: BANK_SCOPE,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        // An import always shows the bank's consent screen: the shopper sees what is handed over.
        ...(input.purpose === "import" ? { prompt: "consent" } : {}),
      });
      return { flowId, authorizationUrl: url.href, expiresAt };
    },

    /**
     * Finishes a round trip at the callback: takes the flow (once), checks the answer (state, PKCE,
     * nonce, ID token), reads the customer's data, and signs them in or keeps the import. Throws
     * BankFlowError with the reason otherwise.
     */
    async finish(input: {
      origin: string;
      flowId: string | undefined;
      callbackUrl: URL;
      /** Who is signed in at the callback: an import goes to the account that started it, or nowhere. */
      signedInUserId: number | undefined;
    }): Promise<FinishedFlow> {
      const params = input.callbackUrl.searchParams;
      const state = params.get("state") ?? "";
      if (!input.flowId) throw new BankFlowError("bank_flow_expired");
      const idHash = hashFlowId(input.flowId);
      const flow = await repository.takeFlow(idHash, state);
      if (!flow) {
        const other = await repository.flowById(idHash);
        if (other && other.expiresAt > clock()) {
          throw new BankFlowError("bank_state_mismatch", other);
        }
        throw new BankFlowError("bank_flow_expired", other);
      }
      const about = { purpose: flow.purpose, redirectTo: flow.redirectTo };
      if (flow.expiresAt <= clock()) throw new BankFlowError("bank_flow_expired", about);
      const error = params.get("error");
      if (error) {
        logger.info(
          { event: "bank_refused", error, purpose: flow.purpose },
          "the bank answered with an error",
        );
        throw new BankFlowError(error === "access_denied" ? "bank_denied" : "bank_failed", about);
      }
      if (flow.purpose === "import" && (!flow.userId || flow.userId !== input.signedInUserId)) {
        logger.warn({ event: "bank_import_other_session" }, "an import came back to another session");
        throw new BankFlowError("bank_failed", about);
      }
      const config = await configFor(input.origin, about);
      let claims: Record<string, unknown>;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, input.callbackUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims()!;
        const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
        claims = { ...idToken, ...userinfo };
      } catch (err) {
        const outage = isOutage(err);
        logger.warn({ err, event: outage ? "bank_unavailable" : "bank_failed" }, "bank code exchange failed");
        throw new BankFlowError(outage ? "bank_unavailable" : "bank_failed", about, { cause: err });
      }
      const subject = String(claims.sub);
      const profile = profileFromClaims(claims);
      if (flow.purpose === "sign_in") {
        const userId = await findOrCreateUser(subject, profile);
        await options.afterSignIn?.({ userId, subject });
        return { purpose: "sign_in", userId, redirectTo: flow.redirectTo };
      }
      const userId = flow.userId!;
      await repository.putImport(userId, profile, new Date(clock().getTime() + IMPORT_TTL_S * 1000));
      logger.info({ event: "profile_import_received", userId }, "profile data received from the bank");
      return { purpose: "import", userId, redirectTo: flow.redirectTo };
    },

    /** Forgets a flow whose browser left it (the cookie named it, the answer never came). */
    async abandon(flowId: string): Promise<void> {
      await repository.deleteFlow(hashFlowId(flowId));
    },

    /** The user's pending import, field by field against the profile; undefined when there is none. */
    async pendingImport(
      userId: number,
    ): Promise<{ fields: ImportOfferField[]; expiresAt: Date } | undefined> {
      const pending = await repository.pendingImport(userId, clock());
      if (!pending) return undefined;
      const current = await repository.userProfile(userId);
      const fields: ImportOfferField[] = [];
      for (const field of IMPORT_FIELDS) {
        const value = pending.data[field];
        if (!value) continue;
        const now = current?.[field] ?? null;
        const problem = fieldProblem(field, value);
        let status: ImportFieldStatus = "new";
        let message: string | undefined;
        if (now === value) status = "same";
        else if (problem) [status, message] = ["invalid", problem];
        else if (field === "phone" && (await repository.phoneTakenByOther(value, userId))) {
          [status, message] = ["taken", PHONE_TAKEN_MESSAGE];
        }
        fields.push({
          field,
          label: IMPORT_FIELD_LABELS[field],
          value,
          display: field === "phone" ? maskPhone(value) : value,
          current: now,
          status,
          ...(message ? { message } : {}),
        });
      }
      return { fields, expiresAt: pending.expiresAt };
    },

    /**
     * Writes the accepted fields into the profile (consent checked by the caller's schema) and forgets
     * the import. A phone another account signs in with is never taken over: 409.
     */
    async applyImport(userId: number, accepted: readonly ImportField[]): Promise<void> {
      const pending = await repository.pendingImport(userId, clock());
      if (!pending) throw noImport();
      const patch: Partial<BankProfile> = {};
      const fields: { field: string; message: string }[] = [];
      for (const field of new Set(accepted)) {
        const value = pending.data[field];
        if (!value) {
          fields.push({ field: `body.fields.${field}`, message: "Банк не передал это поле" });
          continue;
        }
        const problem = fieldProblem(field, value);
        if (problem) fields.push({ field: `body.fields.${field}`, message: problem });
        else patch[field] = value;
      }
      if (fields.length > 0) {
        throw new AppError("validation", "Некоторые данные из банка не подходят для профиля", {
          code: "invalid_parameters",
          fields,
        });
      }
      const taken = () => new AppError("conflict", PHONE_TAKEN_MESSAGE, { code: "phone_in_use" });
      if (patch.phone && (await repository.phoneTakenByOther(patch.phone, userId))) throw taken();
      if ((await repository.updateProfile(userId, patch)) === "taken") throw taken();
      await repository.deleteImport(userId, clock());
      logger.info(
        { event: "profile_import_applied", userId, fields: Object.keys(patch) },
        "profile import applied",
      );
    },

    /** Drops the user's pending import; 404 when there is none. */
    async discardImport(userId: number): Promise<void> {
      if (!(await repository.deleteImport(userId, clock()))) throw noImport();
    },

    /** Deletes flows expired before `before`, `batch` rows per statement; how many. */
    purgeFlowsBefore: (before: Date, batch: number) =>
      purgeInBatches((n) => repository.purgeFlowsBefore(before, n), batch),
    /** Deletes imports expired before `before`, `batch` rows per statement; how many. */
    purgeImportsBefore: (before: Date, batch: number) =>
      purgeInBatches((n) => repository.purgeImportsBefore(before, n), batch),
  };
}
export type BankSignInService = ReturnType<typeof createBankSignInService>;

const noImport = () =>
  new AppError("not_found", "Данных из банка нет: они устарели или уже применены", {
    code: "profile_import_not_found",
  });
