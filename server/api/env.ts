import type { AppConfig } from "#server/config.ts";
import type { Services } from "#server/domain/services.ts";
import type { Logger } from "#server/logger.ts";

/** What every handler can read from the Hono context. */
export interface AppEnv {
  Variables: {
    config: AppConfig;
    services: Services;
    logger: Logger;
    requestId: string;
  };
}
