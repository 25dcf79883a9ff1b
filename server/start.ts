import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { openCaches } from "./cache/index.ts";
import { type AppDeps, createApp } from "./composition/app.ts";
import { createServices, type Services } from "./composition/services.ts";
import type { AppConfig } from "./config.ts";
import { type DatabaseHandle, openDatabase } from "./db/client.ts";
import { prepareDatabase } from "./db/startup.ts";
import { bankSignInJobs } from "./domain/bank-sign-in/purge.ts";
import { basketHousekeepingJobs } from "./domain/basket/housekeeping.ts";
import { cashbackJobs } from "./domain/cashback/maturation.ts";
import { housekeepingJobs } from "./domain/housekeeping.ts";
import { orderSmsJobs } from "./domain/order-sms/sms.ts";
import { ordersJobs } from "./domain/orders/jobs.ts";
import { questionsJobs } from "./domain/questions/service.ts";
import { stockAlertsJobs } from "./domain/stock-alerts/service.ts";
import { supportJobs } from "./domain/support/service.ts";
import { uploadsJobs } from "./domain/uploads/jobs.ts";
import { createRateLimits } from "./http/rate-limits.ts";
import { createDevSsr, loadProductionSsr, type SsrHandler } from "./http/ssr.ts";
import { jobMaintenance } from "./jobs/maintenance.ts";
import { createJobRunner } from "./jobs/runner.ts";
import { createLogger, type Logger } from "./logger.ts";
import { paths } from "./paths.ts";
import { openRedis } from "./redis.ts";
import { acquirerStandInJobs } from "./stand-ins/acquirer/stand-in.ts";

export interface StartOptions {
  config: AppConfig;
  /**
   * A database already open, served instead of the one the configuration names. The browser tests pass
   * their worker's in-memory PGlite, so their fixtures read and write the rows the server sees (the same
   * process, no test route in the server).
   */
  database?: DatabaseHandle;
  logger?: Logger;
}

export interface RunningServer {
  /** http://host:port the server listens on (the port the OS chose when the configuration says 0). */
  origin: string;
  database: DatabaseHandle;
  services: Services;
  logger: Logger;
  /**
   * Drains: no new connections, in-flight requests finish (keep-alive clients are told to go), running
   * jobs get most of `timeoutMs`, then the caches, Redis and the database close. Resolves when all of
   * that is done; rejects when the drain outlives `timeoutMs`.
   */
  stop(timeoutMs?: number): Promise<void>;
  /** Ends every open connection at once (a drain that timed out). */
  closeAllConnections(): void;
}

/**
 * Everything one storefront process runs, from an open database to a listening HTTP server: migrations and
 * the seed of an empty catalogue, caches, services, background jobs, the Hono app with the storefront's
 * pages. `server/main.ts` calls it with the environment's configuration and handles the process's signals;
 * the browser tests call it in each Playwright worker over a database of their own (tests/e2e/support).
 */
export async function startServer({ config, database: given, logger: givenLogger }: StartOptions) {
  const logger = givenLogger ?? createLogger(config.logLevel);
  const started = performance.now();

  const database =
    given ??
    (await openDatabase({
      url: config.databaseUrl,
      replicaUrls: config.databaseReplicaUrls,
      dataDir: config.dataDir ?? join(paths.data, "pglite"),
      queryTimeoutMs: config.databaseQueryTimeoutMs,
      logger,
    }));
  // Under an advisory lock: instances started together migrate and seed one at a time.
  // The embedded database is the demo: it gets the demo operator and admin; PostgreSQL gets no staff.
  await prepareDatabase(database, {
    seedProducts: config.seedProducts,
    demoStaff: database.kind === "pglite",
    logger,
  });

  const redis = config.redisUrl ? openRedis(config.redisUrl, logger) : undefined;
  const checks: Record<string, () => Promise<void>> = { database: database.ping };
  // Without Redis the limits count per process: the instance still serves (ADR 024).
  const optionalChecks: Record<string, () => Promise<void>> = redis ? { redis: redis.ping } : {};

  let ssr: SsrHandler;
  let buildId: string | undefined;
  let pagePolicy: AppDeps["pagePolicy"];
  let renderPart: AppDeps["renderPart"];
  let devMiddleware:
    | ((
        req: import("node:http").IncomingMessage,
        res: import("node:http").ServerResponse,
        next: () => void,
      ) => void)
    | undefined;
  let closeVite: (() => Promise<void>) | undefined;
  if (config.env === "development") {
    const dev = await createDevSsr();
    ssr = dev.handler;
    pagePolicy = dev.pagePolicy;
    renderPart = dev.renderPart;
    devMiddleware = dev.vite.middlewares;
    closeVite = () => dev.vite.close();
  } else {
    ({ handler: ssr, buildId, pagePolicy, renderPart } = await loadProductionSsr());
  }

  const caches = await openCaches(config, database, logger);
  const services = createServices(database.db, {
    readDb: database.readDb,
    cache: caches?.data,
    cacheTrusted: caches?.trusted,
    phoneSignIn: {
      secret: config.phoneSignIn.otpSecret,
      smsRu: config.phoneSignIn.smsRu,
      addressBudget: config.phoneSignIn.addressBudget,
      redis: redis?.client,
      logger,
    },
    // A real bank when OIDC_ISSUER is set, else the built-in stand-in at /bank (ADR 029).
    bankSignIn: { bank: config.bank, logger, redis: redis?.client },
    // DaData when DADATA_API_KEY is set, the stand-in street register behind it (ADR 064).
    suggest: { dadata: config.dadata, logger },
    // A real T-Bank terminal when ACQUIRER_* are set, else the built-in stand-in at /acquirer (ADR 037).
    acquirer: { config: config.acquirer, taxation: config.acquirerTaxation, logger },
    orders: { paymentTimeoutMin: config.paymentTimeoutMin, maxUnpaidOrders: config.maxUnpaidOrders, logger },
    // Photos in UPLOADS_DIR, or in the S3 bucket when S3_* are set (ADR 057).
    uploads: { ...config.uploads, logger },
    images: config.images,
    // Links in SMS (ADR 066): the public origin, else this server's own address.
    origin: config.publicOrigin ?? `http://localhost:${config.port}`,
  });
  // The stand-in's terminal key and password come from the database: notifications are verified with them.
  await services.acquirer
    .ready()
    .catch((err: unknown) => logger.warn({ err }, "acquirer credentials not read yet"));
  // The typo vocabulary is built in the background so the first misspelt query does not wait for it.
  services.search.warmUp().catch((err: unknown) => logger.warn({ err }, "search vocabulary warm-up failed"));
  // Background jobs on the database (ADR 017): every instance runs a runner, each job runs once.
  const jobs = createJobRunner({
    db: database.db,
    logger,
    handlers: [
      ...housekeepingJobs(services),
      ...basketHousekeepingJobs(services),
      ...bankSignInJobs(services),
      ...acquirerStandInJobs(services.acquirerStandIn),
      ...ordersJobs(services),
      ...orderSmsJobs(services),
      ...supportJobs(services),
      ...questionsJobs(services),
      ...stockAlertsJobs(services),
      ...cashbackJobs(services),
      ...uploadsJobs(services),
      ...jobMaintenance(database.db),
    ],
  });
  jobs.start();
  const app = createApp({
    config,
    services,
    logger,
    checks,
    optionalChecks,
    ssr,
    buildId,
    pageCache: caches?.pages,
    cachesTrusted: caches?.trusted,
    // With Redis, every instance counts against the same per-client budgets (ADR 024).
    rateLimits: createRateLimits(config.rateLimits, redis?.client),
    pagePolicy,
    renderPart,
  });
  // The stand-in acquirer notifies this very shop in process, not through the network and back (ADR 037).
  services.acquirerStandIn?.serveShop(async (request) => app.fetch(request));
  const listener = getRequestListener(app.fetch);
  let stopping = false;
  const server: Server = createServer((req, res) => {
    // While draining, every response closes its connection so keep-alive clients move elsewhere.
    if (stopping) res.setHeader("Connection", "close");
    if (devMiddleware) devMiddleware(req, res, () => listener(req, res));
    else listener(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`;
  logger.info(
    {
      url: origin,
      database: database.kind,
      theme: config.theme,
      startupMs: Math.round(performance.now() - started),
    },
    "Vitrina is listening",
  );

  const stop = async (timeoutMs = config.shutdownTimeoutMs) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down: no new connections, draining");
    // Running jobs get most of the drain time; any still running then are handed back to the queue.
    const jobsStopped = jobs.stop({ timeoutMs: Math.floor(timeoutMs * 0.8) });
    // Keep-alive sockets with no request in flight would hold close() open until they time out; sockets
    // become idle as their last response ends, so sweep until the server has closed.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    clearInterval(sweep);
    await closeVite?.();
    await caches?.close();
    await redis?.close();
    await jobsStopped;
    // A database the caller opened is the caller's to close.
    if (!given) await database.close();
    logger.info("stopped cleanly");
  };

  return {
    origin,
    database,
    services,
    logger,
    stop,
    closeAllConnections: () => server.closeAllConnections(),
  } satisfies RunningServer;
}
