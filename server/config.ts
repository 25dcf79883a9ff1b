import { join } from "node:path";
import { z } from "zod";
import { BANK_SIGN_IN_PATH } from "#contract/bank-sign-in.ts";
import { isSafeRedirectPath } from "#contract/redirect-to.ts";
import { STATEMENT_TIMEOUT_MS } from "#server/api/statement-timeouts.ts";
import { TAXATIONS, type Taxation } from "#server/domain/payments/receipt.ts";
import { type ProxyTrust, parseProxyTrust } from "#server/http/proxy-trust.ts";
import { paths } from "#server/paths.ts";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
  .default("false")
  .transform((v) => v === "1" || v === "true" || v === "yes" || v === "on");

/** A switch that is on unless turned off. */
const onByDefault = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off"])
  .default("on")
  .transform((v) => v === "1" || v === "true" || v === "yes" || v === "on");

/**
 * The least client-side query backstop: the longest statement timeout (writes) and a second's margin, so
 * the server cancels a slow statement (57014, `query_timeout`) before the client gives the connection up
 * for lost (ADR 023).
 */
const QUERY_TIMEOUT_FLOOR_MS = Math.max(...Object.values(STATEMENT_TIMEOUT_MS)) + 1_000;

/** A rate limit: `<requests>/<seconds>`, e.g. `30/10` is 30 requests in any 10 seconds. */
const rateBudget = z
  .string()
  .trim()
  .regex(/^\d{1,6}\/\d{1,5}$/, { error: "ожидается «запросов/секунд», например 30/10" })
  .transform((v) => {
    const [points, seconds] = v.split("/").map(Number);
    return { points: points ?? 0, durationS: seconds ?? 0 };
  })
  .refine((b) => b.points > 0 && b.durationS > 0, { error: "оба числа больше нуля" });

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/** One or more postgres:// URLs separated by commas or spaces (the streaming replicas, ADR 070). */
const urlList = z
  .string()
  .default("")
  .transform((v) => v.split(/[\s,]+/).filter(Boolean))
  .pipe(
    z.array(
      z.url({
        protocol: /^postgres(?:ql)?$/,
        error: "ожидается адрес postgres://… (несколько — через запятую)",
      }),
    ),
  );

/**
 * Extra Content-Security-Policy sources for one directive, separated by spaces or commas: schemes
 * (`https:`, `wss:`) or hosts (`https://api-maps.yandex.ru`, `*.example.ru:8443/path`). Keywords such as
 * `'unsafe-inline'` are refused: they would switch the policy off rather than extend it (ADR 021).
 */
const CSP_SOURCE =
  /^(?:[a-z][a-z0-9+.-]*:|(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d{1,5}|\*))?(?:\/[^\s;,'"]*)?)$/i;
const cspSources = z
  .string()
  .default("")
  .transform((v) => v.split(/[\s,]+/).filter(Boolean))
  .pipe(
    z.array(
      z.string().regex(CSP_SOURCE, {
        error: "источник CSP — схема (https:) или адрес (https://host[:port][/path]) без кавычек",
      }),
    ),
  );

/** Every environment variable the process reads, validated once at start-up. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: optionalUrl,
  DATABASE_REPLICA_URL: urlList,
  DATA_DIR: z.string().optional(),
  REDIS_URL: optionalUrl,
  API_ORIGIN: optionalUrl,
  THEME: z.enum(["alfa", "halva"]).default("alfa"),
  FEATURE_ALFA_ID: flag,
  FEATURE_CASHBACK_IN_CART_BTN: flag,
  FEATURE_TOP_PROFIT: flag,
  MAINTENANCE_MODE: flag,
  SEO_ENDPOINT: optionalUrl,
  PUBLIC_ORIGIN: optionalUrl,
  /** Behind a reverse proxy: believe its X-Forwarded-For, -Host and -Proto headers. Off, they are ignored. */
  TRUST_PROXY: z
    .string()
    .default("")
    .transform((v, ctx) => {
      try {
        return parseProxyTrust(v);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * Per-client limits on the expensive endpoints and on page renders (ADR 024), shared through Redis when
   * REDIS_URL is set. `off` for benchmarks that measure something else from one address.
   */
  RATE_LIMITS: onByDefault,
  RATE_LIMIT_SEARCH: rateBudget.prefault("20/10"),
  RATE_LIMIT_SUGGEST: rateBudget.prefault("120/10"),
  RATE_LIMIT_LISTING: rateBudget.prefault("30/10"),
  RATE_LIMIT_FACETS: rateBudget.prefault("30/10"),
  RATE_LIMIT_PAGES: rateBudget.prefault("30/10"),
  /** The delivery step's reads: pickup points (a call per map move), a point's card, slots, streets. */
  RATE_LIMIT_DELIVERIES: rateBudget.prefault("60/10"),
  /** Placing an order, starting a payment and checking one on return (each an acquirer call or a transaction). */
  RATE_LIMIT_CHECKOUT: rateBudget.prefault("30/60"),
  /** Photos one signed-in shopper may upload (refunds, support, reviews; ADR 057), counted per account. */
  RATE_LIMIT_UPLOADS: rateBudget.prefault("30/600"),
  /** How long a client past a limit is refused, whatever it sends meanwhile. */
  /**
   * SMS codes one client address may ask for (ADR 028): a mobile carrier's NAT puts thousands of phones
   * behind one address, so the default is well above what one household or office asks.
   */
  RATE_LIMIT_SMS_ADDRESS: rateBudget.prefault("100/3600"),
  RATE_LIMIT_BLOCK_S: z.coerce.number().int().min(0).max(86_400).default(60),
  YM_ID: z
    .string()
    .trim()
    .regex(/^\d*$/, { error: "YM_ID — номер счётчика Яндекс Метрики из цифр" })
    .optional()
    .transform((v) => v || undefined),
  /**
   * Where the 401 screen's «Войти через интернет-банк» goes: the bank sign-in (ADR 029) unless an
   * address of the bank's own is given. A same-origin path or an http(s) URL.
   */
  AUTH_URL: z
    .string()
    .trim()
    .default(BANK_SIGN_IN_PATH)
    .refine((v) => (v.startsWith("/") ? isSafeRedirectPath(v) : /^https?:\/\//i.test(v) && URL.canParse(v)), {
      error: "AUTH_URL — путь на этом сайте (/api/v1/auth/bank) или адрес http(s)://…",
    }),
  /**
   * A real bank's OpenID Provider (ADR 029): issuer (https; http only for localhost), the client id and
   * secret it registered for the shop. All three or none: without them the built-in bank stand-in at
   * /bank answers.
   */
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  OIDC_CLIENT_SECRET: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /**
   * A real T-Bank terminal (ADR 037): the API's base (`{ACQUIRER_URL}/v2/Init`; https, http only for
   * localhost), the terminal key and its password. All three or none: without them the built-in stand-in
   * acquirer at /acquirer answers.
   */
  ACQUIRER_URL: optionalUrl,
  ACQUIRER_TERMINAL_KEY: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  ACQUIRER_PASSWORD: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /**
   * The shop's taxation system, as every receipt sent with a payment names it (54-FZ, ADR 050): osn (the
   * general system, the default of a marketplace's operator), usn_income, usn_income_outcome, esn, patent.
   * It decides the items' VAT: 22 % on osn, none otherwise.
   */
  ACQUIRER_TAXATION: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(
      z
        .enum(TAXATIONS, {
          error: `ACQUIRER_TAXATION — одна из систем налогообложения: ${TAXATIONS.join(", ")}`,
        })
        .default("osn"),
    ),
  /**
   * The key sign-in codes are hashed with (HMAC-SHA256, ADR 028). Unset, one is generated once and kept in
   * the database, so a fresh `npm start` needs none; set it in production to keep the key out of backups.
   */
  OTP_SECRET: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().min(32, { error: "OTP_SECRET — не короче 32 символов" }).optional()),
  /**
   * A DaData account (ADR 064): address suggestions and geocoding through DaData, the stand-in street
   * register when it fails; the secret key adds its standardisation (`clean/address`). Server-side only.
   */
  DADATA_API_KEY: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  DADATA_SECRET: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  /** DaData's API bases (their defaults are DaData's own; a local fake in tests). */
  DADATA_SUGGESTIONS_URL: optionalUrl,
  DADATA_CLEANER_URL: optionalUrl,
  /** How long a shopper waits for DaData before the stand-in register answers. */
  DADATA_TIMEOUT_MS: z.coerce
    .number({ error: "DADATA_TIMEOUT_MS — число миллисекунд" })
    .int({ error: "DADATA_TIMEOUT_MS — целое число миллисекунд" })
    .min(100, { error: "DADATA_TIMEOUT_MS — от 100 мс" })
    .max(10_000, { error: "DADATA_TIMEOUT_MS — не больше 10 000 мс" })
    .default(1_500),
  /** SMS.ru's api_id: sign-in codes go out through SMS.ru. Unset, they go to the outbox and the log. */
  SMS_RU_API_ID: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** A sender name approved at SMS.ru; its default sender without it. */
  SMS_SENDER: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** Minutes an order waits for payment before it is cancelled and its stock, window and points return. */
  PAYMENT_TIMEOUT_MIN: z.coerce
    .number({ error: "PAYMENT_TIMEOUT_MIN — число минут" })
    .int({ error: "PAYMENT_TIMEOUT_MIN — целое число минут" })
    .min(1, { error: "PAYMENT_TIMEOUT_MIN — от 1 минуты" })
    .max(7 * 24 * 60, { error: "PAYMENT_TIMEOUT_MIN — не больше недели" })
    .default(20),
  /**
   * Orders one account may hold awaiting payment at once: each holds its stock for the payment window,
   * so without a bound one account could hold a product's whole stock.
   */
  MAX_UNPAID_ORDERS: z.coerce
    .number({ error: "MAX_UNPAID_ORDERS — число заказов" })
    .int({ error: "MAX_UNPAID_ORDERS — целое число" })
    .min(1, { error: "MAX_UNPAID_ORDERS — от 1" })
    .max(100, { error: "MAX_UNPAID_ORDERS — не больше 100" })
    .default(3),
  SEED_PRODUCTS: z.coerce.number().int().min(0).default(5000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** How long cached catalogue data and anonymous pages stay fresh; 0 turns the in-process caches off. */
  CACHE_TTL_S: z.coerce.number().int().min(0).default(300),
  /** How much longer a stale entry is served while it is refreshed in the background. */
  CACHE_STALE_S: z.coerce.number().int().min(0).default(600),
  /**
   * Memory budgets of the in-process caches in MB (ADR 025), as their size estimates count it; sized for a
   * 512 MB container next to a ~150 MB process.
   */
  CACHE_DATA_MAX_MB: z.coerce.number().positive().default(48),
  CACHE_PAGES_MAX_MB: z.coerce.number().positive().default(64),
  RENDER_CONCURRENCY: z.coerce
    .number({ error: "RENDER_CONCURRENCY — число одновременных отрисовок страниц" })
    .int({ error: "RENDER_CONCURRENCY — целое число" })
    .min(1, { error: "RENDER_CONCURRENCY — от 1" })
    .max(64, { error: "RENDER_CONCURRENCY — не больше 64" })
    .default(4),
  /**
   * How long the caches keep answering after the database's change notifications stopped arriving (the
   * LISTEN connection is down, ADR 023); past that both are bypassed until it is back.
   */
  CACHE_BLIND_S: z.coerce.number().int().min(0).default(5),
  /**
   * PostgreSQL: the client-side backstop for one query (ADR 023). Statement timeouts cancel slow queries
   * on the server well before it; this ends a query whose server stopped answering, so the request gets
   * a 503 instead of hanging.
   */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10_000)
    .refine((ms) => ms === 0 || ms >= QUERY_TIMEOUT_FLOOR_MS, {
      error: `0 (выключен) или не меньше ${QUERY_TIMEOUT_FLOOR_MS}: запрос должен прерывать statement_timeout на сервере, а не этот предел`,
    }),
  /**
   * The pickup map (ADR 039): a public browser key of Yandex Maps JS API v3 turns it on; without it the
   * map is Leaflet over MAP_TILES_URL (an `{z}/{x}/{y}` template) or, unset, the generated basemap.
   */
  YANDEX_MAPS_API_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]*$/, { error: "YANDEX_MAPS_API_KEY — ключ из латинских букв, цифр и дефисов" })
    .optional()
    .transform((v) => v || undefined),
  MAP_TILES_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .regex(/^https?:\/\/[^\s'"]+$/, { error: "MAP_TILES_URL — адрес http(s)://…/{z}/{x}/{y}.png" })
        .refine((v) => v.includes("{z}") && v.includes("{x}") && v.includes("{y}"), {
          error: "MAP_TILES_URL — шаблон с {z}, {x} и {y}",
        })
        .optional(),
    ),
  /**
   * Uploaded photos (ADR 057): a folder outside the web root (default `.data/uploads`), or an S3-compatible
   * bucket when S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are all set.
   */
  /** Made copies of catalogue pictures (ADR 061): a cache, safe to delete; default `.data/image-cache`. */
  IMAGE_CACHE_DIR: z.string().min(1).optional(),
  UPLOADS_DIR: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
          error: "S3_BUCKET — имя бакета: 3–63 строчные латинские буквы, цифры, точки и дефисы",
        })
        .optional(),
    ),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, { error: "S3_REGION — регион хранилища, например ru-central1" })
    .default("ru-central1"),
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** Page Content-Security-Policy (ADR 021): extra sources per directive, report-only mode. */
  CSP_SCRIPT_SRC: cspSources,
  CSP_CONNECT_SRC: cspSources,
  CSP_IMG_SRC: cspSources,
  CSP_FRAME_SRC: cspSources,
  CSP_FORM_ACTION: cspSources,
  CSP_REPORT_ONLY: flag,
});

export type Env = z.infer<typeof envSchema>;

/** OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET come together; the issuer is https but for localhost. */
function bankVariablesTogether(e: Env, ctx: z.RefinementCtx): void {
  const names = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;
  const given = names.filter((name) => e[name]);
  if (given.length > 0 && given.length < names.length) {
    for (const name of names) {
      if (!e[name]) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `${name} нужен вместе с ${given.join(", ")}: банк задаётся тремя переменными или ни одной`,
        });
      }
    }
  }
  // An issuer that is not a URL at all has its own issue already.
  if (e.OIDC_ISSUER && URL.canParse(e.OIDC_ISSUER)) {
    const url = new URL(e.OIDC_ISSUER);
    const local = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
    if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_ISSUER"],
        message: "OIDC_ISSUER — адрес https:// (http:// только для localhost)",
      });
    }
    if (url.search || url.hash) {
      ctx.addIssue({ code: "custom", path: ["OIDC_ISSUER"], message: "OIDC_ISSUER — без ? и #" });
    }
  }
}

/** ACQUIRER_URL, ACQUIRER_TERMINAL_KEY and ACQUIRER_PASSWORD come together; the URL is https but for localhost. */
function acquirerVariablesTogether(e: Env, ctx: z.RefinementCtx): void {
  const names = ["ACQUIRER_URL", "ACQUIRER_TERMINAL_KEY", "ACQUIRER_PASSWORD"] as const;
  const given = names.filter((name) => e[name]);
  if (given.length > 0 && given.length < names.length) {
    for (const name of names.filter((n) => !e[n])) {
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `${name} нужен вместе с ${given.join(", ")}: эквайер задаётся тремя переменными или ни одной`,
      });
    }
  }
  if (e.ACQUIRER_URL && URL.canParse(e.ACQUIRER_URL)) {
    const url = new URL(e.ACQUIRER_URL);
    const local = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
    if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) {
      ctx.addIssue({
        code: "custom",
        path: ["ACQUIRER_URL"],
        message: "ACQUIRER_URL — адрес https:// (http:// только для localhost)",
      });
    }
  }
}

/** S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY come together (ADR 057). */
function s3VariablesTogether(e: Env, ctx: z.RefinementCtx): void {
  const names = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
  const given = names.filter((name) => e[name]);
  if (given.length > 0 && given.length < names.length) {
    for (const name of names.filter((n) => !e[n])) {
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `${name} нужен вместе с ${given.join(", ")}: хранилище S3 задаётся четырьмя переменными или ни одной`,
      });
    }
  }
}

/** DADATA_SECRET only with DADATA_API_KEY: the secret alone calls nothing. */
function dadataVariablesTogether(e: Env, ctx: z.RefinementCtx): void {
  if (e.DADATA_SECRET && !e.DADATA_API_KEY) {
    ctx.addIssue({
      code: "custom",
      path: ["DADATA_API_KEY"],
      message: "DADATA_API_KEY нужен вместе с DADATA_SECRET: секретный ключ без API-ключа не используется",
    });
  }
}

/** The variables with the rules that span several of them. */
const checkedEnvSchema = envSchema.superRefine((e, ctx) => {
  bankVariablesTogether(e, ctx);
  acquirerVariablesTogether(e, ctx);
  s3VariablesTogether(e, ctx);
  dadataVariablesTogether(e, ctx);
  // Replicas of the embedded database do not exist: they would be read while PGlite holds the data.
  if (e.DATABASE_REPLICA_URL.length > 0 && !e.DATABASE_URL)
    ctx.addIssue({
      code: "custom",
      path: ["DATABASE_REPLICA_URL"],
      message: "реплики читают из PostgreSQL: задайте и DATABASE_URL",
    });
});

/** What the per-client rate limits count: the expensive API endpoints and page renders. */
export type RateBucket =
  | "search"
  | "suggest"
  | "listing"
  | "facets"
  | "pages"
  | "deliveries"
  | "checkout"
  | "uploads";
export interface RateBudget {
  points: number;
  durationS: number;
}

export interface AppConfig {
  env: Env["NODE_ENV"];
  host: string;
  port: number;
  databaseUrl: string | undefined;
  /** Streaming replicas of DATABASE_URL for catalogue reads (ADR 070); empty: everything on the primary. */
  databaseReplicaUrls: string[];
  dataDir: string | undefined;
  redisUrl: string | undefined;
  apiOrigin: string | undefined;
  theme: Env["THEME"];
  features: { alfaId: boolean; cashbackInCartBtn: boolean; topProfit: boolean };
  seedProducts: number;
  /** Planned works: the API answers 503 and every page shows the service-unavailable screen. */
  maintenance: boolean;
  /** The online bank's authorisation page (the 401 screen's button). */
  authUrl: string;
  /**
   * Sign-in through the bank (ADR 029): a real OpenID Provider when configured, else undefined and the
   * built-in stand-in at /bank.
   */
  bank: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** A real T-Bank terminal (ADR 037); undefined: the built-in stand-in acquirer at /acquirer. */
  acquirer: { url: string; terminalKey: string; password: string } | undefined;
  /** The taxation system the payments' receipts name (ACQUIRER_TAXATION, default osn; ADR 050). */
  acquirerTaxation: Taxation;
  /** Sign-in by SMS code (ADR 028): the hashing key when configured, and SMS.ru when configured. */
  phoneSignIn: {
    otpSecret: string | undefined;
    smsRu: { apiId: string; sender: string | undefined } | undefined;
    /** Codes one client address may ask for (RATE_LIMIT_SMS_ADDRESS); always on, as are the phone's. */
    addressBudget: { points: number; durationS: number };
  };
  /** A DaData account for address suggestions and geocoding (ADR 064); undefined: the stand-in register. */
  dadata:
    | {
        apiKey: string;
        secret: string | undefined;
        suggestionsUrl: string | undefined;
        cleanerUrl: string | undefined;
        timeoutMs: number;
      }
    | undefined;
  /** Minutes an unpaid order lives (PAYMENT_TIMEOUT_MIN, default 20). */
  paymentTimeoutMin: number;
  /** Orders one account may hold awaiting payment (MAX_UNPAID_ORDERS, default 3). */
  maxUnpaidOrders: number;
  /** Optional external SEO service: GET {seoEndpoint}?path=… answers an SEO record. */
  seoEndpoint: string | undefined;
  /** The public origin for absolute URLs (canonical, sitemap) when behind a proxy. */
  publicOrigin: string | undefined;
  /** The proxies whose X-Forwarded-For, -Host, -Proto and X-Request-Id are believed (proxy-trust.ts). */
  trustProxy: ProxyTrust;
  /** Per-client limits (server/http/rate-limits.ts); undefined when RATE_LIMITS is off. */
  rateLimits: { budgets: Record<RateBucket, RateBudget>; blockS: number } | undefined;
  /**
   * Uploaded photos (ADR 057): the folder they are kept in without S3, and the bucket when S3_* are set.
   */
  /** Catalogue pictures (ADR 061): where their made copies (widths, formats) are kept. */
  images: { cacheDir: string };
  uploads: {
    dir: string;
    s3:
      | { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string }
      | undefined;
  };
  /**
   * Yandex Metrika counter id: set only in production with YM_ID (spec §9: the counter runs in production
   * mode), so a dev server or a test run never counts visits on the live counter; analytics is off without it.
   */
  ymId: string | undefined;
  /** The pickup map (ADR 039): Yandex Maps with a key, else Leaflet over these tiles or the generated basemap. */
  map: { yandexApiKey: string | undefined; tilesUrl: string | undefined };
  logLevel: Env["LOG_LEVEL"];
  shutdownTimeoutMs: number;
  /** PostgreSQL: client-side timeout of one query in ms, 0 for none (ADR 023). */
  databaseQueryTimeoutMs: number;
  /** Page renders one process runs at once; more wait their turn (RENDER_CONCURRENCY, issue 23). */
  renderConcurrency: number;
  /** In-process caches (ADR 012); undefined when CACHE_TTL_S is 0. */
  cache:
    | { freshMs: number; staleMs: number; dataMaxBytes: number; pagesMaxBytes: number; blindMs: number }
    | undefined;
  /** Page Content-Security-Policy: sources beyond our origin (Metrika's are added with YM_ID). */
  csp: {
    reportOnly: boolean;
    scriptSrc: string[];
    connectSrc: string[];
    imgSrc: string[];
    frameSrc: string[];
    formAction: string[];
  };
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = checkedEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrls: e.DATABASE_REPLICA_URL,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    apiOrigin: e.API_ORIGIN,
    theme: e.THEME,
    features: {
      alfaId: e.FEATURE_ALFA_ID,
      cashbackInCartBtn: e.FEATURE_CASHBACK_IN_CART_BTN,
      topProfit: e.FEATURE_TOP_PROFIT,
    },
    seedProducts: e.SEED_PRODUCTS,
    maintenance: e.MAINTENANCE_MODE,
    authUrl: e.AUTH_URL,
    bank:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            // As spelled: the ID token's `iss` must equal it exactly.
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
          }
        : undefined,
    acquirer:
      e.ACQUIRER_URL && e.ACQUIRER_TERMINAL_KEY && e.ACQUIRER_PASSWORD
        ? { url: e.ACQUIRER_URL, terminalKey: e.ACQUIRER_TERMINAL_KEY, password: e.ACQUIRER_PASSWORD }
        : undefined,
    acquirerTaxation: e.ACQUIRER_TAXATION,
    phoneSignIn: {
      otpSecret: e.OTP_SECRET,
      smsRu: e.SMS_RU_API_ID ? { apiId: e.SMS_RU_API_ID, sender: e.SMS_SENDER } : undefined,
      addressBudget: e.RATE_LIMIT_SMS_ADDRESS,
    },
    dadata: e.DADATA_API_KEY
      ? {
          apiKey: e.DADATA_API_KEY,
          secret: e.DADATA_SECRET,
          suggestionsUrl: e.DADATA_SUGGESTIONS_URL,
          cleanerUrl: e.DADATA_CLEANER_URL,
          timeoutMs: e.DADATA_TIMEOUT_MS,
        }
      : undefined,
    paymentTimeoutMin: e.PAYMENT_TIMEOUT_MIN,
    maxUnpaidOrders: e.MAX_UNPAID_ORDERS,
    seoEndpoint: e.SEO_ENDPOINT,
    publicOrigin: e.PUBLIC_ORIGIN,
    trustProxy: e.TRUST_PROXY,
    rateLimits: e.RATE_LIMITS
      ? {
          budgets: {
            search: e.RATE_LIMIT_SEARCH,
            suggest: e.RATE_LIMIT_SUGGEST,
            listing: e.RATE_LIMIT_LISTING,
            facets: e.RATE_LIMIT_FACETS,
            pages: e.RATE_LIMIT_PAGES,
            deliveries: e.RATE_LIMIT_DELIVERIES,
            checkout: e.RATE_LIMIT_CHECKOUT,
            uploads: e.RATE_LIMIT_UPLOADS,
          },
          blockS: e.RATE_LIMIT_BLOCK_S,
        }
      : undefined,
    images: { cacheDir: e.IMAGE_CACHE_DIR ?? join(paths.data, "image-cache") },
    uploads: {
      dir: e.UPLOADS_DIR ?? join(paths.data, "uploads"),
      s3:
        e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            }
          : undefined,
    },
    ymId: e.NODE_ENV === "production" ? e.YM_ID : undefined,
    map: { yandexApiKey: e.YANDEX_MAPS_API_KEY, tilesUrl: e.MAP_TILES_URL },
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
    renderConcurrency: e.RENDER_CONCURRENCY,
    cache:
      e.CACHE_TTL_S > 0
        ? {
            freshMs: e.CACHE_TTL_S * 1000,
            staleMs: e.CACHE_STALE_S * 1000,
            dataMaxBytes: Math.round(e.CACHE_DATA_MAX_MB * 1024 * 1024),
            pagesMaxBytes: Math.round(e.CACHE_PAGES_MAX_MB * 1024 * 1024),
            blindMs: e.CACHE_BLIND_S * 1000,
          }
        : undefined,
    csp: {
      reportOnly: e.CSP_REPORT_ONLY,
      scriptSrc: e.CSP_SCRIPT_SRC,
      connectSrc: e.CSP_CONNECT_SRC,
      imgSrc: e.CSP_IMG_SRC,
      frameSrc: e.CSP_FRAME_SRC,
      formAction: e.CSP_FORM_ACTION,
    },
  };
}
