import { type DehydratedState, HydrationBoundary, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";

const received = new WeakMap<DehydratedState, DehydratedState>();

/**
 * Data the browser does not hold yet counts as fetched when the page arrived. The server may answer from
 * its page cache (ADR 012), which it drops whenever the data changes, so the render time baked into the
 * state says nothing about staleness; taken at face value, every query on a page kept for a minute would
 * refetch right after hydration. Queries the browser already holds keep the server's time, so a page that
 * arrives late never overwrites what the shopper changed meanwhile. Computed once per state object.
 */
export function asReceivedNow(
  state: DehydratedState,
  held: (queryHash: string) => boolean,
  now = Date.now(),
): DehydratedState {
  let fresh = received.get(state);
  if (!fresh) {
    fresh = {
      ...state,
      queries: state.queries.map((query) =>
        held(query.queryHash)
          ? query
          : { ...query, state: { ...query.state, dataUpdatedAt: Math.max(query.state.dataUpdatedAt, now) } },
      ),
    };
    received.set(state, fresh);
  }
  return fresh;
}

/** HydrationBoundary for a loader's dehydrated state, with data new to the browser counted as just received. */
export function PageDataBoundary({
  state,
  children,
}: {
  state: DehydratedState | undefined;
  children: ReactNode;
}) {
  const cache = useQueryClient().getQueryCache();
  const held = (hash: string) => cache.get(hash)?.state.data !== undefined;
  return <HydrationBoundary state={state ? asReceivedNow(state, held) : state}>{children}</HydrationBoundary>;
}
