import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";
import type { Appeal, CreateAppealInput } from "#contract/support.ts";

// The shopper's support appeals (issue 21, point 3; ADR 058).

export const supportKeys = {
  all: ["support"] as const,
  list: () => [...supportKeys.all, "list"] as const,
  detail: (id: number) => [...supportKeys.all, "detail", id] as const,
  orders: () => [...supportKeys.all, "orders"] as const,
};

export function appealsQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: supportKeys.list(),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.support.appeals.$get(undefined, { init: { signal } })),
  });
}

/** One of the shopper's appeals (another shopper's id is the API's 404). */
export function appealQuery(id: number, api?: ApiClient) {
  return queryOptions({
    queryKey: supportKeys.detail(id),
    queryFn: ({ signal }) =>
      unwrap(
        (api ?? getApi()).v1.support.appeals[":id"].$get({ param: { id: String(id) } }, { init: { signal } }),
      ),
  });
}

/** The shopper's orders to choose from in a new appeal: the current ones, then the finished ones. */
export function appealOrdersQuery() {
  return queryOptions({
    queryKey: supportKeys.orders(),
    queryFn: async ({ signal }) => {
      const [active, completed] = await Promise.all(
        (["active", "completed"] as const).map((tab) =>
          unwrap(getApi().v1.orders.$get({ query: { tab } }, { init: { signal } })),
        ),
      );
      return [...active!.items, ...completed!.items].map((o) => ({ id: o.id, number: o.number }));
    },
    staleTime: 60_000,
  });
}

export function useCreateAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAppealInput): Promise<Appeal> =>
      unwrap(getApi().v1.support.appeals.$post({ json: input })),
    onSuccess: (appeal) => {
      queryClient.setQueryData(supportKeys.detail(appeal.id), appeal);
      return queryClient.invalidateQueries({ queryKey: supportKeys.list() });
    },
  });
}

export function useReply(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, photoIds }: { text: string; photoIds: string[] }): Promise<Appeal> =>
      unwrap(
        getApi().v1.support.appeals[":id"].messages.$post({
          param: { id: String(id) },
          json: { text, photoIds },
        }),
      ),
    onSuccess: (appeal) => {
      // The answers shown unread stay marked on this visit: only the new message is taken in.
      queryClient.setQueryData(supportKeys.detail(id), (old: Appeal | undefined) =>
        old
          ? {
              ...appeal,
              messages: appeal.messages.map((m) => ({
                ...m,
                unread: old.messages.find((o) => o.id === m.id)?.unread ?? false,
              })),
            }
          : appeal,
      );
      return queryClient.invalidateQueries({ queryKey: supportKeys.list() });
    },
  });
}

/** Tells the API the shopper has seen the answers; the list's unread marks go. */
export async function markAppealRead(id: number): Promise<number[]> {
  const { read } = await unwrap(getApi().v1.support.appeals[":id"].read.$post({ param: { id: String(id) } }));
  return read;
}
