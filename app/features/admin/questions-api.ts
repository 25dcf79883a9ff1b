import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";
import { type AnsweredAs, QUESTION_FILTERS, type QuestionFilter } from "#contract/question-rules.ts";
import { adminKeys } from "./api.ts";

// The operators' questions (issue 22, point 5; ADR 066): the queue, answer as the seller or the shop,
// hide with a reason, show again.

/** The list's filter from the address; anything unknown is the unanswered queue. */
export function questionFilterOf(url: string): QuestionFilter {
  const status = new URL(url).searchParams.get("status") as QuestionFilter;
  return QUESTION_FILTERS.includes(status) ? status : "unanswered";
}

export function questionsHref(status: QuestionFilter): string {
  return status === "unanswered" ? "/admin/questions" : `/admin/questions?status=${status}`;
}

export const questionAdminKeys = {
  list: (status: QuestionFilter) => [...adminKeys.all, "questions", status] as const,
};

export function fetchStaffQuestions(
  status: QuestionFilter,
  cursor?: number,
  api?: ApiClient,
  signal?: AbortSignal,
) {
  return unwrap(
    (api ?? getApi()).v1.admin.questions.$get(
      { query: { status, ...(cursor ? { cursor: String(cursor) } : {}) } },
      { init: { signal } },
    ),
  );
}

export function adminQuestionsQuery(status: QuestionFilter, api?: ApiClient) {
  return queryOptions({
    queryKey: questionAdminKeys.list(status),
    queryFn: ({ signal }) => fetchStaffQuestions(status, undefined, api, signal),
  });
}

/** Answer, hide (with the reason), show again; the lists are read again. */
export function useQuestionActions(id: number) {
  const queryClient = useQueryClient();
  const param = { id: String(id) };
  const settle = () => queryClient.invalidateQueries({ queryKey: [...adminKeys.all, "questions"] });
  return {
    answer: useMutation({
      mutationFn: (input: { text: string; as: AnsweredAs }) =>
        unwrap(getApi().v1.admin.questions[":id"].answer.$post({ param, json: input })),
      onSuccess: settle,
    }),
    hide: useMutation({
      mutationFn: (reason: string) =>
        unwrap(getApi().v1.admin.questions[":id"].hide.$post({ param, json: { reason } })),
      onSuccess: settle,
    }),
    show: useMutation({
      mutationFn: () => unwrap(getApi().v1.admin.questions[":id"].show.$post({ param })),
      onSuccess: settle,
    }),
  };
}
