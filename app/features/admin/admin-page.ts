import type { DehydratedState } from "@tanstack/react-query";
import { type AppLoadContext, data, type MetaDescriptor, redirect } from "react-router";
import { type ApiClient, ApiError } from "#app/lib/api-client.ts";
import { type LoaderQueries, loaderQueries, serverApi } from "#app/lib/loader-queries.ts";
import { signInRedirect } from "#app/lib/personal-page.ts";

/**
 * The loader of a back-office screen: the reads `load` makes, awaited, then dehydrated for the screen's
 * `PageDataBoundary`. Signed out (401) the operator signs in and comes back to this very address; any other
 * refusal (a shopper's 403, an unknown order's 404) is thrown to the admin layout's error boundary with the
 * API's status and message.
 */
export async function loadAdminPage<T extends object>(
  args: { context: AppLoadContext; request: Request },
  load: (queries: LoaderQueries, api: ApiClient) => Promise<T>,
): Promise<T & { dehydratedState: DehydratedState }> {
  const queries = loaderQueries(args.context);
  try {
    const own = await load(queries, serverApi(args.context));
    return { ...own, dehydratedState: queries.dehydrate() };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(signInRedirect(args.request), 302);
    if (error instanceof ApiError) {
      throw data({ message: error.message, code: error.body?.code }, { status: error.status });
    }
    throw error;
  }
}

/** A back-office screen's title; never in search engines. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} — бэк-офис Витрины` }, { name: "robots", content: "noindex" }];
}
