import { ConfigError, loadConfig } from "./config.ts";
import { startServer } from "./start.ts";

/** The production process: the environment's configuration, one server, and a graceful drain on signals. */
async function main() {
  const config = loadConfig();
  const running = await startServer({ config });
  const { logger } = running;
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "signal received");
    const force = setTimeout(() => {
      logger.error("drain timed out; closing remaining connections");
      running.closeAllConnections();
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    running.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
