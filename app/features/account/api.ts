import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { type ApiData, ApiError, getApi, getBackgroundApi, unwrap } from "#app/lib/api-client.ts";
import { formatPhone } from "#app/ui/phone-mask.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { currentSignedInHint, dropSignedInHint, notifySessionChanged, useSignedInHint } from "./session.ts";

/** Every query whose answer belongs to the signed-in shopper lives under this key, to drop them at sign-out. */
export const accountKeys = {
  all: ["account"] as const,
  /** Per sign-in (the hint's value): a new session never reads the answer another one got. */
  me: (hint: string | undefined) => [...accountKeys.all, "me", hint ?? ""] as const,
};

export type Me = ApiData<
  Awaited<ReturnType<ReturnType<typeof getBackgroundApi>["v1"]["user"]["me"]["$get"]>>
>;

/** `/me`, and the hint it was asked with: a 401 drops that hint (not a newer one) and says signed out. */
async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  const hint = currentSignedInHint();
  try {
    return await unwrap(getBackgroundApi().v1.user.me.$get(undefined, { init: { signal } }));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    dropSignedInHint(hint);
    return null;
  }
}

/**
 * The signed-in account for decoration (the header): through the background client, so a session that
 * ended elsewhere only turns the header back to «Войти». Null when the session turned out to be over.
 */
export function meQuery(hint: string | undefined) {
  return queryOptions({
    queryKey: accountKeys.me(hint),
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** The signed-in account, or undefined while signed out, loading, or on the server. */
export function useMe(): { signedIn: boolean; me: Me | undefined } {
  const hint = useSignedInHint();
  const signedIn = hint !== undefined;
  const query = useQuery({ ...meQuery(hint), enabled: signedIn });
  return { signedIn: signedIn && query.data !== null, me: (signedIn && query.data) || undefined };
}

/** How the header names the shopper: the first name, else the phone. */
export function displayName(me: Pick<Me, "name" | "surname" | "phone">): string {
  if (me.name) return me.name;
  if (me.surname) return me.surname;
  if (me.phone) return formatPhone(me.phone);
  return "Профиль";
}

/**
 * Signs this browser out: the server revokes the session and clears the cookies. Every query is dropped,
 * not only the account's: the wishlist, viewed products, recent searches and basket all answered for the
 * account and must now answer for the anonymous visitor. An account page (or the back office's) is left for
 * the home page.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const location = useLocation();
  return async () => {
    await unwrap(getApi().v1.auth["sign-out"].$post());
    // Off the account page first: cleared, its mounted queries would refetch, meet a 401 and send the
    // shopper to sign in again.
    const signedInOnly = /^\/(personal|admin)(\/|$)/.test(location.pathname);
    if (signedInOnly) {
      await navigate("/", { replace: true });
      // The navigation's render may commit after its promise settles (a transition): wait for the frame
      // that shows the home page, so the account page has unmounted before its queries are cleared.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    }
    queryClient.clear();
    notifySessionChanged();
    if (!signedInOnly) await revalidator.revalidate();
  };
}

/**
 * Signing out from a button: `busy` while the call runs (the button disables itself), then a toast either
 * way. On an account page the button is gone by the time it succeeds (the shopper is on the home page).
 */
export function useSignOutAction(): { busy: boolean; signOut: () => Promise<void> } {
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);
  return {
    busy,
    signOut: async () => {
      setBusy(true);
      try {
        await signOut();
        showToast({ type: "success", title: "Вы вышли из аккаунта" });
      } catch {
        showToast({
          type: "error",
          title: "Не удалось выйти",
          text: "Проверьте соединение и попробуйте ещё раз",
        });
      } finally {
        setBusy(false);
      }
    },
  };
}
