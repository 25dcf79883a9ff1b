import type { AppConfig } from "../config.ts";
import type { Services } from "../domain/services.ts";
import type { Logger } from "../logger.ts";

/** What every handler can read from the Hono context. */
export interface AppEnv {
  Variables: {
    config: AppConfig;
    services: Services;
    logger: Logger;
    requestId: string;
  };
}
