import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";

export function contentPageQuery(slug: string, api?: ApiClient) {
  return queryOptions({
    queryKey: ["content", "page", slug] as const,
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.pages[":slug"].$get({ param: { slug } }, { init: { signal } })),
    staleTime: 5 * 60 * 1000,
  });
}
