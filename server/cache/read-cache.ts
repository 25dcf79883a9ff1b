/**
 * An in-process read-through cache for data that many requests share (catalogue reads, rendered
 * anonymous pages). Entries are fresh for `freshMs`, then served stale for up to `staleMs` more while
 * one background load refreshes them (stale-while-revalidate). Concurrent misses for one key share one
 * load. Entries carry tags; `invalidate(tag)` drops every entry with that tag the moment the data
 * behind it changes (see server/cache/catalog-changes.ts), so the TTL is only a safety net. Kept entries
 * are indexed by tag: an invalidation costs what it drops, not a scan of the whole cache (on a sale day
 * every order's stock change invalidated three products in two caches of thousands of entries: 5 % of an
 * instance's CPU, bench/sale-day.ts). The cache is bounded by entries and by bytes (ADR 025): a few large
 * values must not take the process's memory.
 */
export interface ReadCacheOptions<T = unknown> {
  /** Most entries kept; the least recently used go first. */
  maxEntries: number;
  /**
   * Most bytes kept, as `sizeOf` estimates them; the least recently used go first. A value larger than
   * the whole budget is handed to its callers but never kept. Unset: entries alone bound the cache.
   */
  maxBytes?: number;
  /**
   * A value's size in bytes. Called once, when the value is stored (a miss or a refresh, never a hit),
   * so it may cost as much as serialising the value. The key's length is added to it. (A method, so a
   * cache of pages still passes where any cache is taken.)
   */
  sizeOf?(value: T): number;
  freshMs: number;
  staleMs: number;
  /** Called when a background refresh fails; the stale entry stays until it expires. */
  onRefreshError?: (err: unknown, key: string) => void;
  now?: () => number;
}

/**
 * An entry's tags. A set may still grow while its load runs (a page render noting what it reads,
 * read-tags.ts): invalidation looks at it as it is at that moment. A kept entry has the tags its load
 * had gathered when it finished.
 */
export type Tags = readonly string[] | ReadonlySet<string>;

const hasTag = (tags: Tags, tag: string) => ("has" in tags ? tags.has(tag) : tags.includes(tag));

interface Entry<T> {
  value: T;
  storedAt: number;
  /** Copied when stored: the index below is built from them and must be taken apart from the same. */
  tags: readonly string[];
  /** Its size as counted against maxBytes: sizeOf(value) plus the key. */
  bytes: number;
}

export interface CacheStats {
  hits: number;
  staleHits: number;
  misses: number;
  invalidations: number;
  size: number;
  /** Bytes held, as the cache's sizeOf estimates them (0 without one). */
  bytes: number;
  /** Entries dropped to stay within maxEntries or maxBytes. */
  evictions: number;
}

export class ReadCache<T = unknown> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #inflight = new Map<string, { promise: Promise<T>; tags: Tags }>();
  /** Loads that began before an invalidation of one of their tags: they must not store what they read. */
  readonly #discarded = new WeakSet<Promise<T>>();
  /** The keys of the kept entries carrying each tag. */
  readonly #byTag = new Map<string, Set<string>>();
  readonly #options: ReadCacheOptions<T>;
  readonly #now: () => number;
  #bytes = 0;
  #stats = { hits: 0, staleHits: 0, misses: 0, invalidations: 0, evictions: 0 };

  constructor(options: ReadCacheOptions<T>) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /**
   * The cached value for `key`, loading (once, however many callers wait) when absent or expired.
   * A loaded value that `storable` rejects is handed to the callers waiting for it but not kept.
   */
  async get(
    key: string,
    load: () => Promise<T>,
    tags: Tags = [],
    storable: (value: T) => boolean = () => true,
  ): Promise<T> {
    const entry = this.#entries.get(key);
    if (entry) {
      const age = this.#now() - entry.storedAt;
      if (age <= this.#options.freshMs) {
        this.#touch(key, entry);
        this.#stats.hits++;
        return entry.value;
      }
      if (age <= this.#options.freshMs + this.#options.staleMs) {
        this.#touch(key, entry);
        this.#stats.staleHits++;
        this.#load(key, load, tags, storable).catch((err: unknown) =>
          this.#options.onRefreshError?.(err, key),
        );
        return entry.value;
      }
      this.#delete(key);
    }
    this.#stats.misses++;
    return this.#load(key, load, tags, storable);
  }

  /** Drops every entry carrying `tag`, and forgets loads of that tag in flight so nobody joins a stale one. */
  invalidate(tag: string): void {
    this.#stats.invalidations++;
    for (const [key, load] of this.#inflight) {
      if (hasTag(load.tags, tag)) this.#discard(key, load.promise);
    }
    const keys = this.#byTag.get(tag);
    // #delete takes each key out of this set as it goes: a Set's iteration allows deleting what it visited.
    if (keys) for (const key of keys) this.#delete(key);
  }

  clear(): void {
    this.#stats.invalidations++;
    for (const [key, load] of this.#inflight) this.#discard(key, load.promise);
    this.#entries.clear();
    this.#byTag.clear();
    this.#bytes = 0;
  }

  stats(): CacheStats {
    return { ...this.#stats, size: this.#entries.size, bytes: this.#bytes };
  }

  #touch(key: string, entry: Entry<T>): void {
    // Map keeps insertion order: re-inserting moves the key to the most recently used end.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
  }

  #load(key: string, load: () => Promise<T>, tags: Tags, storable: (value: T) => boolean): Promise<T> {
    const running = this.#inflight.get(key);
    if (running) return running.promise;
    const promise = load().then(
      (value) => {
        if (this.#inflight.get(key)?.promise === promise) this.#inflight.delete(key);
        if (!this.#discarded.has(promise) && storable(value)) this.#store(key, value, tags);
        return value;
      },
      (err: unknown) => {
        if (this.#inflight.get(key)?.promise === promise) this.#inflight.delete(key);
        throw err;
      },
    );
    this.#inflight.set(key, { promise, tags });
    return promise;
  }

  /** Forgets a load in flight, so nobody joins it and what it read is not kept. */
  #discard(key: string, promise: Promise<T>): void {
    this.#discarded.add(promise);
    this.#inflight.delete(key);
  }

  #store(key: string, value: T, tags: Tags): void {
    const { maxEntries, maxBytes = Number.POSITIVE_INFINITY, sizeOf } = this.#options;
    this.#delete(key);
    const bytes = sizeOf ? sizeOf(value) + key.length : 0;
    // Kept, it would push out everything else and still not fit.
    if (bytes > maxBytes) return;
    const kept = [...tags];
    this.#entries.set(key, { value, storedAt: this.#now(), tags: kept, bytes });
    this.#bytes += bytes;
    for (const tag of kept) {
      const keys = this.#byTag.get(tag);
      if (keys) keys.add(key);
      else this.#byTag.set(tag, new Set([key]));
    }
    // Map keeps insertion order, and a hit re-inserts: the first key is the least recently used.
    while (this.#entries.size > maxEntries || this.#bytes > maxBytes) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#delete(oldest);
      this.#stats.evictions++;
    }
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#byTag.delete(tag);
    }
  }
}
