import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import Provider, { type Adapter, type AdapterPayload, type Configuration, errors } from "oidc-provider";
import pino from "pino";
import { RateLimiterRes } from "rate-limiter-flexible";
import { BANK_CALLBACK_PATH } from "#server/domain/bank-sign-in/service.ts";
import { purgeInBatches } from "#server/domain/housekeeping.ts";
import type { Logger } from "#server/logger.ts";
import { createLimiter } from "#server/rate-limiter.ts";
import { type BankCustomer, customerByCredentials, customerBySub } from "./customers.ts";
import { bridgeObjects, callNodeHandler } from "./node-bridge.ts";
import { renderBankError } from "./pages.ts";
import type { BankStandInRepository } from "./repository.ts";

/** Where the stand-in is served in the shop's own process: its issuer is `<public origin>/bank`. */
export const BANK_MOUNT = "/bank";
/** The one registered client: the storefront. */
export const STAND_IN_CLIENT_ID = "vitrina";
export const STAND_IN_CLIENT_NAME = "Витрина";

/**
 * Lifetimes in seconds (ADR 029). A code lives a minute (it is exchanged within the same redirect); a
 * login screen 10 minutes, as the shop's own flow does; the bank's session 15 minutes, so an identity
 * import soon after a sign-in goes straight to the consent screen, while a shared computer forgets the
 * customer soon. The grant is the customer's consent, which a bank remembers apart from any session
 * (ADR 068): 90 days from its last use, unless revoked; only the password is asked again.
 */
export const STAND_IN_TTL = {
  AuthorizationCode: 60,
  AccessToken: 5 * 60,
  IdToken: 5 * 60,
  Interaction: 10 * 60,
  Session: 15 * 60,
  Grant: 90 * 24 * 60 * 60,
} as const;

/** Wrong passwords allowed per login in 15 minutes before the bank stops checking them. */
export const PASSWORD_ATTEMPTS = { points: 10, durationS: 15 * 60 };

/**
 * Sign-in screens one client address may open in 10 minutes: each request to the authorization endpoint
 * stores an interaction for 10 minutes, so without a limit a script could fill bank_oidc_payloads (the
 * shop's own start has the same limit, bank-sign-in/service.ts).
 */
export const AUTHORIZATION_ATTEMPTS = { points: 60, durationS: 10 * 60 };

/** Origins with a provider of their own at once (a Host header names one; a flood of names is evicted). */
const MAX_ORIGINS = 16;

const SECRET = {
  jwks: "bank_stand_in_jwks",
  cookieKeys: "bank_stand_in_cookie_keys",
  clientSecret: "bank_stand_in_client_secret",
} as const;

export interface BankStandInOptions {
  logger?: Logger;
  /** Shares the wrong-password limit between instances. */
  redis?: Redis | undefined;
}

interface Secrets {
  jwks: { keys: Record<string, unknown>[] };
  cookieKeys: string[];
  clientSecret: string;
}

/** A signing key for ID tokens: RSA 2048 (RS256, what every relying party accepts), named by its thumbprint. */
export function generateSigningJwk(): Record<string, unknown> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" }) as Record<string, string>;
  // RFC 7638: the SHA-256 of the required public members in lexicographic order.
  const kid = createHash("sha256")
    .update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n }))
    .digest("base64url");
  return { ...jwk, kid, alg: "RS256", use: "sig" };
}

/** oidc-provider's storage over the `bank_oidc_payloads` table (PGlite and PostgreSQL alike). */
function databaseAdapter(repository: BankStandInRepository) {
  const withConsumed = (row: Awaited<ReturnType<BankStandInRepository["find"]>>) =>
    row
      ? ({
          ...row.payload,
          ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
        } as AdapterPayload)
      : undefined;
  return (model: string): Adapter => ({
    upsert: (id, payload, expiresIn) =>
      repository.upsert(model, id, payload as Record<string, unknown>, expiresIn),
    find: async (id) => withConsumed(await repository.find(model, id)),
    findByUid: async (uid) => withConsumed(await repository.findByUid(model, uid)),
    findByUserCode: async (userCode) => withConsumed(await repository.findByUserCode(model, userCode)),
    async consume(id) {
      // Two token requests racing with one code: the second finds it used and fails, never both.
      if (!(await repository.consume(model, id))) throw new Error(`${model} already consumed`);
    },
    destroy: (id) => repository.destroy(model, id),
    revokeByGrantId: (grantId) => repository.revokeByGrantId(grantId),
  });
}

function claimsOf(customer: BankCustomer) {
  return {
    sub: customer.sub,
    family_name: customer.surname,
    given_name: customer.name,
    middle_name: customer.patronymic,
    name: `${customer.name} ${customer.surname}`,
    email: customer.email,
    email_verified: true,
    phone_number: customer.phone,
    phone_number_verified: true,
  };
}

/** What a login or consent screen shows: which step, for which customer, and what the shop asks for. */
export interface InteractionView {
  uid: string;
  step: "login" | "consent";
  customer: BankCustomer | undefined;
  /** Scopes asked for beyond `openid` (profile, email, phone). */
  scopes: string[];
  clientName: string;
}

/** The interaction has ended or its cookie is missing (expired, used, or another browser). */
export class InteractionGoneError extends Error {}

/**
 * The built-in bank (ADR 029): an OpenID Provider (oidc-provider 8) with its own login and consent
 * screens, seeded demo customers, keys generated at first start and kept in `server_secrets`, and its
 * models in `bank_oidc_payloads`. Served under `/bank` of whichever origin the browser uses: one provider
 * per public origin (issuer `<origin>/bank`, the client's redirect URI `<origin>/api/v1/auth/bank/callback`),
 * all over the same storage and keys.
 */
export function createBankStandIn(repository: BankStandInRepository, options: BankStandInOptions = {}) {
  const logger = options.logger ?? pino({ level: "silent" });
  const passwordLimiter = createLimiter(
    {
      keyPrefix: "vitrina:bank:password",
      points: PASSWORD_ATTEMPTS.points,
      duration: PASSWORD_ATTEMPTS.durationS,
    },
    options.redis,
  );
  const authorizationLimiter = createLimiter(
    {
      keyPrefix: "vitrina:bank:authorize",
      points: AUTHORIZATION_ATTEMPTS.points,
      duration: AUTHORIZATION_ATTEMPTS.durationS,
    },
    options.redis,
  );
  let secrets: Promise<Secrets> | undefined;
  const loadSecrets = () => {
    secrets ??= (async () => ({
      jwks: JSON.parse(
        await repository.secret(SECRET.jwks, () => JSON.stringify({ keys: [generateSigningJwk()] })),
      ),
      cookieKeys: JSON.parse(
        await repository.secret(SECRET.cookieKeys, () =>
          JSON.stringify([randomBytes(32).toString("base64url")]),
        ),
      ),
      clientSecret: await repository.secret(SECRET.clientSecret, () => randomBytes(32).toString("base64url")),
    }))();
    // A failed read is tried again on the next request rather than remembered.
    secrets.catch(() => {
      secrets = undefined;
    });
    return secrets;
  };
  const providers = new Map<string, Provider>();
  const adapter = databaseAdapter(repository);

  function build(origin: string, { jwks, cookieKeys, clientSecret }: Secrets): Provider {
    const configuration: Configuration = {
      adapter,
      clients: [
        {
          client_id: STAND_IN_CLIENT_ID,
          client_secret: clientSecret,
          client_name: STAND_IN_CLIENT_NAME,
          redirect_uris: [`${origin}${BANK_CALLBACK_PATH}`],
          response_types: ["code"],
          grant_types: ["authorization_code"],
          token_endpoint_auth_method: "client_secret_basic",
        },
      ],
      jwks: jwks as Configuration["jwks"],
      cookies: {
        keys: cookieKeys,
        names: { session: "bank_session", interaction: "bank_interaction", resume: "bank_resume" },
        // Lax (the default None needs Secure, which http://localhost cannot have) and only under /bank,
        // so the shop's own pages never carry the bank's cookies.
        long: { httpOnly: true, sameSite: "lax", signed: true, path: BANK_MOUNT },
        short: { httpOnly: true, sameSite: "lax", signed: true },
      },
      claims: {
        openid: ["sub"],
        profile: ["family_name", "given_name", "middle_name", "name"],
        email: ["email", "email_verified"],
        phone: ["phone_number", "phone_number_verified"],
      },
      scopes: ["openid", "profile", "email", "phone"],
      responseTypes: ["code"],
      pkce: { methods: ["S256"], required: () => true },
      features: {
        devInteractions: { enabled: false },
        rpInitiatedLogout: { enabled: false },
        userinfo: { enabled: true },
      },
      ttl: { ...STAND_IN_TTL },
      // A consent is the customer's, not the browser's (ADR 068): the grant of this bank session, else
      // the one the customer gave the client before, in whichever session. A revoked one is gone, and
      // the consent screen comes back.
      async loadExistingGrant(ctx) {
        const { Grant } = ctx.oidc.provider;
        const clientId = ctx.oidc.client!.clientId;
        const given = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(clientId);
        const current = given ? await Grant.find(given) : undefined;
        if (current) return current;
        const remembered = await repository.rememberedGrantId(ctx.oidc.account!.accountId, clientId);
        return remembered ? Grant.find(remembered) : undefined;
      },
      issueRefreshToken: async () => false,
      clientBasedCORS: () => false,
      interactions: { url: (_ctx, interaction) => `${BANK_MOUNT}/interaction/${interaction.uid}` },
      async findAccount(_ctx, sub) {
        const customer = customerBySub(sub);
        if (!customer) return undefined;
        return { accountId: sub, claims: async () => claimsOf(customer) };
      },
      async renderError(ctx, out) {
        ctx.type = "html";
        ctx.body = renderBankError(ctx.state.cspNonce ?? "", out.error_description ?? out.error);
        ctx.set("Content-Security-Policy", bankCsp(ctx.state.cspNonce ?? ""));
      },
    };
    const provider = new Provider(`${origin}${BANK_MOUNT}`, configuration);
    // The bridge writes Host and X-Forwarded-Proto from the shop's public origin (never a client's).
    provider.proxy = true;
    provider.use(async (ctx, next) => {
      ctx.state.cspNonce = randomBytes(16).toString("base64");
      await next();
    });
    provider.on("server_error", (_ctx, err) =>
      logger.error({ err, event: "bank_stand_in_error" }, "bank stand-in"),
    );
    return provider;
  }

  async function providerFor(origin: string): Promise<Provider> {
    const known = providers.get(origin);
    if (known) {
      providers.delete(origin);
      providers.set(origin, known);
      return known;
    }
    const provider = build(origin, await loadSecrets());
    providers.set(origin, provider);
    if (providers.size > MAX_ORIGINS) providers.delete(providers.keys().next().value!);
    return provider;
  }

  /** Request and response objects addressed to the provider of `origin`, for its interaction helpers. */
  async function interactionObjects(request: Request, origin: string) {
    const provider = await providerFor(origin);
    const url = new URL(request.url);
    const { req, res } = await bridgeObjects(request, {
      origin,
      path: `${url.pathname.slice(BANK_MOUNT.length) || "/"}${url.search}`,
      mountPath: BANK_MOUNT,
    });
    return { provider, req, res };
  }

  async function interactionOf(request: Request, origin: string) {
    const { provider, req, res } = await interactionObjects(request, origin);
    try {
      return { provider, req, res, interaction: await provider.interactionDetails(req, res) };
    } catch (error) {
      if (error instanceof errors.SessionNotFound) throw new InteractionGoneError(error.message);
      throw error;
    }
  }

  return {
    issuerFor: (origin: string) => `${origin}${BANK_MOUNT}`,

    /** The one client it knows, registered on every origin (BANK_CALLBACK_PATH its redirect URI). */
    clientId: STAND_IN_CLIENT_ID,

    /** The storefront client's secret (generated at first start, kept in the database). */
    clientSecret: async () => (await loadSecrets()).clientSecret,

    /** The public signing keys' ids (tests: the keys outlive a restart). */
    signingKeyIds: async () => (await loadSecrets()).jwks.keys.map((k) => String(k.kid)),

    /**
     * Serves one request to the provider's own endpoints (`/bank/.well-known/…`, `/bank/auth`, token,
     * userinfo, JWKS): from a browser through the shop's router, or from the shop's OIDC client in process.
     */
    async handle(request: Request, target: { origin: string; clientAddress?: string | undefined }) {
      const provider = await providerFor(target.origin);
      const url = new URL(request.url);
      const path = `${url.pathname.slice(BANK_MOUNT.length) || "/"}${url.search}`;
      return callNodeHandler(provider.callback(), request, { ...target, path, mountPath: BANK_MOUNT });
    },

    /**
     * Counts a request to the authorization endpoint from `client` (an address, or its IPv6 /64): the
     * seconds to wait when it has made too many, undefined when it may go on.
     */
    async authorizationRefused(client: string): Promise<number | undefined> {
      try {
        await authorizationLimiter.consume(client);
        return undefined;
      } catch (refusal) {
        // Anything but a refusal is the limiter's own fault (Redis has its insurance): let it through.
        if (!(refusal instanceof RateLimiterRes)) return undefined;
        logger.warn({ event: "bank_authorizations_limited" }, "bank stand-in: too many sign-in screens");
        return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      }
    },

    /** The screen an interaction is at, checked against the uid in its address. */
    async view(request: Request, origin: string, uid: string): Promise<InteractionView> {
      const { provider, interaction } = await interactionOf(request, origin);
      if (interaction.uid !== uid) throw new InteractionGoneError("another interaction's address");
      const client = await provider.Client.find(String(interaction.params.client_id));
      const accountId = interaction.session?.accountId;
      const scopes = String(interaction.params.scope ?? "")
        .split(" ")
        .filter((s) => s && s !== "openid");
      return {
        uid,
        step: interaction.prompt.name === "login" ? "login" : "consent",
        customer: accountId ? customerBySub(accountId) : undefined,
        scopes,
        clientName: client?.clientName ?? STAND_IN_CLIENT_NAME,
      };
    },

    /**
     * Checks a login and password: the next address on success (the consent step), `wrong` for a wrong
     * pair, `locked` with the seconds to wait after too many wrong passwords for one login.
     */
    async login(
      request: Request,
      origin: string,
      uid: string,
      login: string,
      password: string,
    ): Promise<{ redirectTo: string } | { wrong: true } | { locked: number }> {
      const { provider, req, res, interaction } = await interactionOf(request, origin);
      if (interaction.uid !== uid || interaction.prompt.name !== "login") {
        throw new InteractionGoneError("not at the login step");
      }
      const key = login.trim().toLowerCase().slice(0, 64) || "-";
      const limiterState = await passwordLimiter.get(key).catch(() => null);
      if (limiterState && limiterState.remainingPoints <= 0) {
        return { locked: Math.max(1, Math.ceil(limiterState.msBeforeNext / 1000)) };
      }
      const customer = customerByCredentials(login, password);
      if (!customer) {
        await passwordLimiter.consume(key).catch((refusal: unknown) => {
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
        });
        logger.info({ event: "bank_login_failed" }, "bank stand-in: wrong login or password");
        return { wrong: true };
      }
      const redirectTo = await provider.interactionResult(
        req,
        res,
        { login: { accountId: customer.sub } },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    },

    /** Grants what the shop asked for; the next address (back through the provider to the shop). */
    async consent(request: Request, origin: string, uid: string): Promise<string> {
      const { provider, req, res, interaction } = await interactionOf(request, origin);
      if (interaction.uid !== uid || interaction.prompt.name !== "consent" || !interaction.session) {
        throw new InteractionGoneError("not at the consent step");
      }
      const details = interaction.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
      };
      const grant = interaction.grantId
        ? ((await provider.Grant.find(interaction.grantId)) ??
          new provider.Grant({
            accountId: interaction.session.accountId,
            clientId: String(interaction.params.client_id),
          }))
        : new provider.Grant({
            accountId: interaction.session.accountId,
            clientId: String(interaction.params.client_id),
          });
      if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(" "));
      if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
      const grantId = await grant.save();
      return provider.interactionResult(
        req,
        res,
        { consent: interaction.grantId ? {} : { grantId } },
        { mergeWithLastSubmission: true },
      );
    },

    /** The customer said no (or cancelled the login): the shop gets `access_denied`. */
    async deny(request: Request, origin: string, uid: string): Promise<string> {
      const { provider, req, res, interaction } = await interactionOf(request, origin);
      if (interaction.uid !== uid) throw new InteractionGoneError("another interaction's address");
      return provider.interactionResult(
        req,
        res,
        { error: "access_denied", error_description: "Клиент отказался предоставить доступ" },
        { mergeWithLastSubmission: false },
      );
    },

    /**
     * Revokes a customer's consent to the shop (what the bank's «Доступы» page does), with the tokens
     * issued under it: the next sign-in asks for consent again. How many grants there were.
     */
    revokeConsent: (sub: string) => repository.revokeGrants(sub, STAND_IN_CLIENT_ID),

    /** Deletes stored models that expired before `before`, `batch` rows per statement; returns how many. */
    purgeExpiredBefore: (before: Date, batch: number) =>
      purgeInBatches((n) => repository.purgeExpiredBefore(before, n), batch),
  };
}
export type BankStandIn = ReturnType<typeof createBankStandIn>;

/** The bank's own pages' policy: no script at all, its styles by nonce, forms only to itself, never framed. */
export function bankCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}
