import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False during server rendering and hydration, true afterwards. Lets browser-only output (portals) appear
 * after hydration without a markup mismatch, and at once when mounted later on the client.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
