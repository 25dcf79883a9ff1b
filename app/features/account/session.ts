import { useSyncExternalStore } from "react";
import { hasSignedInHint } from "#contract/session-hint.ts";

/**
 * Whether this browser has a session, from the script-readable hint cookie (contract/session-hint.ts).
 * False during the server render and hydration, so a cached page's HTML is the same for everyone; true
 * right after hydration for a signed-in shopper. Sign-in and sign-out in this tab call
 * `notifySessionChanged()`; another tab's change is noticed when this one regains focus.
 */
const SESSION_EVENT = "vitrina:session";

function subscribe(onChange: () => void): () => void {
  window.addEventListener(SESSION_EVENT, onChange);
  window.addEventListener("focus", onChange);
  document.addEventListener("visibilitychange", onChange);
  return () => {
    window.removeEventListener(SESSION_EVENT, onChange);
    window.removeEventListener("focus", onChange);
    document.removeEventListener("visibilitychange", onChange);
  };
}

export function readSignedIn(): boolean {
  return typeof document !== "undefined" && hasSignedInHint(document.cookie);
}

export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, readSignedIn, () => false);
}

/** Tells every `useSignedIn()` to look at the cookie again (after sign-in, sign-out or a 401). */
export function notifySessionChanged(): void {
  window.dispatchEvent(new Event(SESSION_EVENT));
}
