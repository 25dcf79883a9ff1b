import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { openCaches } from "./cache/index.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { prepareDatabase } from "./db/startup.ts";
import { acquirerStandInJobs } from "./domain/acquirer-stand-in/stand-in.ts";
import { bankSignInJobs } from "./domain/bank-sign-in/purge.ts";
import { basketHousekeepingJobs } from "./domain/basket/housekeeping.ts";
import { housekeepingJobs } from "./domain/housekeeping.ts";
import { ordersJobs } from "./domain/orders/jobs.ts";
import { createServices } from "./domain/services.ts";
import { type AppDeps, createApp, type SsrHandler } from "./http/app.ts";
import { createRateLimits } from "./http/rate-limits.ts";
import { createDevSsr, loadProductionSsr } from "./http/ssr.ts";
import { jobMaintenance } from "./jobs/maintenance.ts";
import { createJobRunner } from "./jobs/runner.ts";
import { createLogger } from "./logger.ts";
import { paths } from "./paths.ts";
import { openRedis } from "./redis.ts";

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const started = performance.now();

  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir ?? join(paths.data, "pglite"),
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    logger,
  });
  // Under an advisory lock: instances started together migrate and seed one at a time.
  await prepareDatabase(database, { seedProducts: config.seedProducts, logger });

  const redis = config.redisUrl ? openRedis(config.redisUrl) : undefined;
  const checks: Record<string, () => Promise<void>> = { database: database.ping };
  if (redis) checks.redis = redis.ping;

  let ssr: SsrHandler;
  let buildId: string | undefined;
  let pagePolicy: AppDeps["pagePolicy"];
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
    devMiddleware = dev.vite.middlewares;
    closeVite = () => dev.vite.close();
  } else {
    ({ handler: ssr, buildId, pagePolicy } = await loadProductionSsr());
  }

  const caches = await openCaches(config, database, logger);
  const services = createServices(database.db, {
    cache: caches?.data,
    cacheTrusted: caches?.trusted,
    phoneSignIn: {
      secret: config.phoneSignIn.otpSecret,
      smsRu: config.phoneSignIn.smsRu,
      redis: redis?.client,
      logger,
    },
    // A real bank when OIDC_ISSUER is set, else the built-in stand-in at /bank (ADR 029).
    bankSignIn: { bank: config.bank, logger, redis: redis?.client },
    // A real T-Bank terminal when ACQUIRER_* are set, else the built-in stand-in at /acquirer (ADR 037).
    acquirer: { config: config.acquirer, logger },
    orders: { paymentTimeoutMin: config.paymentTimeoutMin, logger },
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
      ...jobMaintenance(database.db),
    ],
  });
  jobs.start();
  const app = createApp({
    config,
    services,
    logger,
    checks,
    ssr,
    buildId,
    pageCache: caches?.pages,
    cachesTrusted: caches?.trusted,
    // With Redis, every instance counts against the same per-client budgets (ADR 024).
    rateLimits: createRateLimits(config.rateLimits, redis?.client),
    pagePolicy,
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
  server.listen(config.port, config.host, () => {
    logger.info(
      {
        url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`,
        database: database.kind,
        theme: config.theme,
        startupMs: Math.round(performance.now() - started),
      },
      "Vitrina is listening",
    );
  });

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: no new connections, draining");
    const force = setTimeout(() => {
      logger.error("drain timed out; closing remaining connections");
      server.closeAllConnections();
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // Running jobs get most of the drain time; any still running then are handed back to the queue.
    const jobsStopped = jobs.stop({ timeoutMs: Math.floor(config.shutdownTimeoutMs * 0.8) });
    server.close(async () => {
      await closeVite?.();
      await caches?.close();
      await redis?.close();
      await jobsStopped;
      await database.close();
      logger.info("stopped cleanly");
      process.exit(0);
    });
    // Keep-alive sockets with no request in flight would hold close() open until they time out; sockets
    // become idle as their last response ends, so sweep until the server has closed.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
