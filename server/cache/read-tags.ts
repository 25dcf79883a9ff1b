import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Which data a piece of work read, as cache tags (server/cache/catalog-changes.ts). A page render runs
 * inside `collectReadTags`; every service read it makes, directly or through the in-process API, notes
 * its tags (`noteReads` in memoize.ts), so the rendered page can be dropped exactly when that data
 * changes. The set is live: tags noted while the work is still running are visible at once, which is
 * what lets a change that lands mid-render discard the page.
 */
const current = new AsyncLocalStorage<Set<string>>();

export function noteReadTags(tags: readonly string[]): void {
  const collected = current.getStore();
  if (collected) for (const tag of tags) collected.add(tag);
}

/** Runs `work`, adding the tags of every read it makes to `into`. */
export function collectReadTags<T>(into: Set<string>, work: () => Promise<T>): Promise<T> {
  return current.run(into, work);
}
