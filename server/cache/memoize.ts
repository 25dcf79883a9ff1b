import type { ReadCache } from "./read-cache.ts";
import { noteReadTags } from "./read-tags.ts";

// biome-ignore lint/suspicious/noExplicitAny: method arguments are whatever each service method takes
type AsyncMethod = (...args: any[]) => Promise<unknown>;

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` share one cache key. */
export function stableKey(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

/** Freezes a cached value all the way down: it is shared by every request that reads it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Wraps the named read methods of a service so their results come through `cache`. `tags` gives each
 * method's invalidation tags from its arguments. The results are frozen: a caller that tried to modify
 * one would corrupt every later response, and now fails loudly instead.
 */
/** For each named method of a service, its tags from its arguments. */
export type ReadTags<S, K extends keyof S = keyof S> = {
  [M in K]: S[M] extends AsyncMethod ? (...args: Parameters<S[M]>) => string[] : never;
};

export function cacheReads<S extends object, K extends keyof S>(
  service: S,
  cache: ReadCache,
  namespace: string,
  tags: ReadTags<S, K>,
  /** False while the cache may be missing changes (catalog-changes.ts): the read goes to the source. */
  trusted: () => boolean = () => true,
): S {
  const wrapped = { ...service };
  for (const name of Object.keys(tags) as K[]) {
    const method = service[name] as unknown as AsyncMethod;
    const tagsOf = tags[name] as unknown as (...args: unknown[]) => string[];
    (wrapped as Record<K, AsyncMethod>)[name] = (...args: unknown[]) =>
      trusted()
        ? cache.get(
            `${namespace}.${String(name)}:${stableKey(args)}`,
            () => method(...args).then(deepFreeze),
            tagsOf(...args),
          )
        : method(...args).then(deepFreeze);
  }
  return wrapped;
}

/**
 * Wraps every method of a service so that a call notes which data it reads (read-tags.ts): the tags
 * `tags` gives for the method, or `fallback` for a method it does not name. A method nobody tagged is
 * assumed to read anything (the fallback should say so), so a new read can make a page drop too often
 * but never keep it stale.
 */
export function noteReads<S extends object>(
  service: S,
  tags: Partial<ReadTags<S>>,
  fallback: () => string[],
): S {
  const wrapped = { ...service };
  for (const [name, value] of Object.entries(service)) {
    if (typeof value !== "function") continue;
    const method = value as AsyncMethod;
    const tagsOf = (tags as Record<string, ((...args: unknown[]) => string[]) | undefined>)[name];
    (wrapped as Record<string, AsyncMethod>)[name] = (...args: unknown[]) => {
      noteReadTags(tagsOf ? tagsOf(...args) : fallback());
      return method(...args);
    };
  }
  return wrapped;
}
