import { useSyncExternalStore } from "react";
import { errorStatus } from "./errors.ts";

/**
 * Non-fatal client errors (a failed background query such as the guid dictionary). Shoppers get the
 * error screen in place of the page until they navigate; crawlers (bots, Lighthouse, link previews) get
 * nothing on screen, the error is only logged.
 */
export interface AppErrorState {
  status: number;
  message: string;
}

let current: AppErrorState | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function reportNonFatalError(
  error: unknown,
  userAgent: string = globalThis.navigator?.userAgent ?? "",
): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  // isbot's list is loaded only now that an error happened (crawler-pattern.ts).
  return import("./crawler-pattern.ts").then(({ isCrawler }) => {
    if (isCrawler(userAgent)) {
      console.error("[non-fatal]", message);
      return;
    }
    console.error("[non-fatal]", error);
    current = { status: errorStatus(error), message };
    emit();
  });
}

export function clearAppError(): void {
  if (current === null) return;
  current = null;
  emit();
}

export function getAppError(): AppErrorState | null {
  return current;
}

export function useAppError(): AppErrorState | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
