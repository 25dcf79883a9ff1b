import type { Services } from "#server/composition/services.ts";
import type { AppConfig } from "#server/config.ts";
import type { Actor } from "#server/domain/actor.ts";
import type { ApiCacheDeclaration } from "#server/http/http-cache.ts";
import type { RateLimits } from "#server/http/rate-limits.ts";
import type { Logger } from "#server/logger.ts";

/** What every handler can read from the Hono context. */
export interface AppEnv {
  Variables: {
    config: AppConfig;
    services: Services;
    logger: Logger;
    requestId: string;
    /** Who is asking; set for every /api request by resolveActor (server/api/actor.ts). */
    actor: Actor;
    /** The matched API route's cache declaration (server/api/define-route.ts); absent means personal. */
    apiCache?: ApiCacheDeclaration;
    /** Per-client rate limits (server/http/rate-limits.ts); undefined when they are off. */
    rateLimits?: RateLimits | undefined;
  };
}
