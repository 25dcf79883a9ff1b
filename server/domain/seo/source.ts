import { z } from "zod";
import { type SeoRecord, seoRecordSchema } from "#contract/seo.ts";

export const SEO_TIMEOUT_MS = 1500;
export const SEO_CACHE_TTL_MS = 60_000;
/** A failing endpoint is asked again after this long, not on every page view (each would wait the timeout). */
export const SEO_FAILURE_TTL_MS = 10_000;
export const SEO_CACHE_MAX_ENTRIES = 1000;

/** Upstream answers may carry a numeric page id; everything else must match the contract. */
const upstreamRecordSchema = seoRecordSchema.extend({
  pageId: z.union([z.string(), z.number()]).transform(String),
});

type Outcome =
  | { status: "found"; record: SeoRecord }
  /** The endpoint has no record for the path (204 or 404): a normal answer, cached like a record. */
  | { status: "absent" }
  | { status: "failed"; reason: "timeout" | "network" | "http" | "invalid"; detail: string; error?: unknown };

/** `fresh` is true only for the caller whose lookup actually asked the endpoint (it logs failures). */
export type SeoLookup = Outcome & { fresh: boolean };

export interface SeoSourceOptions {
  fetch?: (input: URL, init: RequestInit) => Promise<Response>;
  timeoutMs?: number;
  ttlMs?: number;
  failureTtlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

class Timeout extends Error {}

/** Runs `work` with an abort signal that fires after `ms`; rejects then even if `work` ignores the signal. */
async function withTimeout<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Timeout(`no answer in ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The external SEO endpoint (`${endpoint}?path=/catalog`) behind a bounded in-memory cache: records and
 * "no record" answers live `ttlMs` per endpoint and path, failures `failureTtlMs`; the least recently
 * used entry goes first when full. Concurrent lookups of one path share a single upstream request.
 * Never throws: a failure is an outcome the caller logs before falling back to the title-only record.
 */
export function createSeoSource(options: SeoSourceOptions = {}) {
  const fetchImpl = options.fetch ?? ((input: URL, init: RequestInit) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? SEO_TIMEOUT_MS;
  const ttlMs = options.ttlMs ?? SEO_CACHE_TTL_MS;
  const failureTtlMs = options.failureTtlMs ?? SEO_FAILURE_TTL_MS;
  const maxEntries = Math.max(1, options.maxEntries ?? SEO_CACHE_MAX_ENTRIES);
  const now = options.now ?? Date.now;

  const cache = new Map<string, { expires: number; outcome: Outcome }>();
  const inflight = new Map<string, Promise<Outcome>>();

  function cached(key: string): Outcome | undefined {
    const entry = cache.get(key);
    if (!entry) return undefined;
    cache.delete(key);
    if (entry.expires <= now()) return undefined;
    cache.set(key, entry); // most recently used goes last
    return entry.outcome;
  }

  function remember(key: string, outcome: Outcome) {
    cache.delete(key);
    while (cache.size >= maxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
    cache.set(key, { expires: now() + (outcome.status === "failed" ? failureTtlMs : ttlMs), outcome });
  }

  async function ask(endpoint: string, path: string): Promise<Outcome> {
    try {
      return await withTimeout(timeoutMs, async (signal) => {
        const url = new URL(endpoint);
        url.searchParams.set("path", path);
        const response = await fetchImpl(url, { headers: { Accept: "application/json" }, signal });
        if (response.status === 204 || response.status === 404) {
          await response.body?.cancel();
          return { status: "absent" } as const;
        }
        if (!response.ok) {
          await response.body?.cancel();
          return { status: "failed", reason: "http", detail: `HTTP ${response.status}` } as const;
        }
        let body: unknown;
        try {
          body = await response.json();
        } catch (error) {
          if (signal.aborted) throw error;
          return { status: "failed", reason: "invalid", detail: "not JSON", error } as const;
        }
        const parsed = upstreamRecordSchema.safeParse(body);
        if (!parsed.success) {
          const detail = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
          return { status: "failed", reason: "invalid", detail: detail.join("; ") } as const;
        }
        return { status: "found", record: parsed.data } as const;
      });
    } catch (error) {
      if (error instanceof Timeout) return { status: "failed", reason: "timeout", detail: error.message };
      return {
        status: "failed",
        reason: "network",
        detail: error instanceof Error ? error.message : String(error),
        error,
      };
    }
  }

  return {
    async lookup(endpoint: string, path: string): Promise<SeoLookup> {
      const key = `${endpoint}\n${path}`;
      const hit = cached(key);
      if (hit) return { ...hit, fresh: false };
      const pending = inflight.get(key);
      if (pending) return { ...(await pending), fresh: false };
      const request = ask(endpoint, path).then((outcome) => {
        remember(key, outcome);
        return outcome;
      });
      inflight.set(key, request);
      try {
        return { ...(await request), fresh: true };
      } finally {
        inflight.delete(key);
      }
    },
    /** Entries currently held (expired ones included until read); for tests and metrics. */
    get size() {
      return cache.size;
    },
    clear() {
      cache.clear();
    },
  };
}
export type SeoSource = ReturnType<typeof createSeoSource>;
