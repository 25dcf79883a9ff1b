import type { RouteRules } from "#contract/routing.ts";
import type { RoutingRepository } from "./repository.ts";

const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 5_000;

/** A path is looked up without its trailing slash so "/old/" and "/old" share one rule. */
export function normalisePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(target) || target.startsWith("//");
}

/**
 * Server-provided redirects for storefront paths (old URLs, campaign links). Every page render asks, so
 * answers are cached in-process briefly; a changed rule takes effect within CACHE_TTL_MS.
 */
export function createRoutingService(repository: RoutingRepository, now: () => number = Date.now) {
  const cache = new Map<string, { rules: RouteRules; expires: number }>();
  return {
    async rulesFor(rawPath: string): Promise<RouteRules> {
      const path = normalisePath(rawPath);
      const hit = cache.get(path);
      if (hit && hit.expires > now()) return hit.rules;
      const target = await repository.findRedirect(path);
      const rules: RouteRules = {
        redirect: target ? { location: target, external: isExternal(target) } : null,
      };
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(path, { rules, expires: now() + CACHE_TTL_MS });
      return rules;
    },
  };
}
export type RoutingService = ReturnType<typeof createRoutingService>;
