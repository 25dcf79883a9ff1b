import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, getApi } from "#app/lib/api-client.ts";
import type { ContentPage } from "#contract/content.ts";

export function contentPageQuery(slug: string, api?: ApiClient) {
  return queryOptions({
    queryKey: ["content", "page", slug] as const,
    queryFn: ({ signal }) => (api ?? getApi()).get<ContentPage>(`/pages/${slug}`, { version: 1, signal }),
    staleTime: 5 * 60 * 1000,
  });
}
