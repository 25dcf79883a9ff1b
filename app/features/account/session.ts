import { useSyncExternalStore } from "react";
import { hasSignedInHint, SIGNED_IN_HINT_COOKIE, signedInHint } from "#contract/session-hint.ts";

/**
 * Whether this browser has a session, from the script-readable hint cookie (contract/session-hint.ts).
 * False during the server render and hydration, so a cached page's HTML is the same for everyone; true
 * right after hydration for a signed-in shopper. Sign-in and sign-out in this tab call
 * `notifySessionChanged()`; another tab's change is noticed when this one regains focus.
 */
const SESSION_EVENT = "vitrina:session";

function subscribe(onChange: () => void): () => void {
  const changed = () => {
    forgetReadHint();
    onChange();
  };
  window.addEventListener(SESSION_EVENT, changed);
  window.addEventListener("focus", changed);
  document.addEventListener("visibilitychange", changed);
  return () => {
    window.removeEventListener(SESSION_EVENT, changed);
    window.removeEventListener("focus", changed);
    document.removeEventListener("visibilitychange", changed);
  };
}

/**
 * The hint as last read from `document.cookie`, kept until the current task ends or a session event: every
 * card's basket button and heart asks for it on each render and after each commit (useSyncExternalStore),
 * and each read of `document.cookie` parses the whole cookie string again (34 ms of the home page's
 * hydration in a profile at Lighthouse's 4× CPU slowdown). Nothing changes the cookie within one task but our own writes,
 * which announce themselves.
 */
let readHint: { value: string | undefined } | undefined;

function forgetReadHint(): void {
  readHint = undefined;
}

export function readSignedIn(): boolean {
  return typeof document !== "undefined" && hasSignedInHint(document.cookie);
}

/** The hint's value (a new one per sign-in), undefined while signed out, on the server and at hydration. */
export function useSignedInHint(): string | undefined {
  return useSyncExternalStore(subscribe, currentSignedInHint, () => undefined);
}

export function useSignedIn(): boolean {
  return useSignedInHint() !== undefined;
}

/** Tells every `useSignedIn()` to look at the cookie again (after sign-in, sign-out or a 401). */
export function notifySessionChanged(): void {
  forgetReadHint();
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** The hint's value now (undefined on the server or without one). */
export function currentSignedInHint(): string | undefined {
  if (typeof document === "undefined") return undefined;
  if (!readHint) {
    readHint = { value: signedInHint(document.cookie) };
    setTimeout(forgetReadHint, 0);
  }
  return readHint.value;
}

/**
 * Drops a hint the server no longer backs (a personal call sent with it answered 401): only if it is still
 * `sentWith`, since a newer sign-in in the meantime set another value that must stay.
 */
export function dropSignedInHint(sentWith: string | undefined): void {
  if (sentWith === undefined || currentSignedInHint() !== sentWith) return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the one script-side write of the hint, to expire it.
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
  notifySessionChanged();
}
