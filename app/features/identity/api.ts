import { queryOptions } from "@tanstack/react-query";
import {
  type ApiClient,
  type ApiData,
  ApiError,
  getApi,
  getBackgroundApi,
  unwrap,
} from "#app/lib/api-client.ts";

/**
 * The identity import's data (ADR 030). Under the account's key, so signing out (which drops every
 * account query) forgets it too.
 */
export const importKeys = {
  pending: () => ["account", "profile-import"] as const,
};
/** Everything the shopper's account shows: refreshed once an import changed it. */
export const ACCOUNT_KEY = ["account"] as const;

export type PendingImport = NonNullable<
  ApiData<Awaited<ReturnType<ApiClient["v1"]["user"]["profile"]["import"]["$get"]>>>["pending"]
>;
export type ImportOfferField = PendingImport["fields"][number];

/** The data the bank returned and the shopper has not decided on yet; null when there is none. */
export function pendingImportQuery() {
  return queryOptions({
    queryKey: importKeys.pending(),
    queryFn: async ({ signal }): Promise<PendingImport | null> => {
      try {
        // The background client: a session that ended elsewhere leaves the page be (the offer just hides).
        const answer = await unwrap(
          getBackgroundApi().v1.user.profile.import.$get(undefined, { init: { signal } }),
        );
        return answer.pending;
      } catch (error) {
        // Off (the alfaId feature) or signed out: nothing to offer.
        if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return null;
        throw error;
      }
    },
    staleTime: 0,
    retry: false,
  });
}

/**
 * Asks for the bank's consent screen and goes there (spec: the import button requests a redirect link,
 * then navigates externally). The bank brings the shopper back to `redirectTo` with `profileImport=1`.
 */
export async function goToBankForImport(redirectTo: string): Promise<void> {
  const { redirect_url } = await unwrap(getApi().user.external.profile.$post({ json: { redirectTo } }));
  window.location.assign(redirect_url);
}

export function applyImport(fields: ImportOfferField["field"][]): Promise<undefined> {
  return unwrap(getApi().v1.user.profile.import.apply.$post({ json: { fields, consent: true } }));
}

export function discardImport(): Promise<undefined> {
  return unwrap(getApi().v1.user.profile.import.$delete());
}
