import { type InfiniteData, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useSignedInHint } from "#app/features/account/index.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { formatDate } from "#app/lib/format.ts";
import { signInLocation } from "#app/lib/unauthorized.ts";
import { Button } from "#app/ui/button.tsx";
import { TextAreaField } from "#app/ui/field.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { QUESTION_MAX_LENGTH } from "#contract/question-rules.ts";
import type { ProductQuestion, ProductQuestionPage } from "#contract/questions.ts";
import { askQuestion, deleteQuestion, fetchQuestions, questionKeys } from "../api.ts";
import href from "../questions.css?url";

const refusal = (error: unknown) =>
  error instanceof ApiError && error.body?.message
    ? error.body.message
    : "Не получилось. Попробуйте ещё раз через минуту";

/**
 * «Вопросы и ответы» (issue 22, point 5; ADR 066): answered questions newest first, the reader's own
 * waiting ones among them marked «Ждёт ответа», «Показать ещё», and the form to ask (signed out: a way to
 * sign in that brings the shopper back here).
 */
export function QuestionsSection({ productId }: { productId: number }) {
  const hint = useSignedInHint();
  const key = questionKeys.list(productId, hint);
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, isError, refetch } = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchQuestions(productId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 30_000,
    retry: 1,
  });
  const items = data?.pages.flatMap((p) => p.items) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  return (
    <>
      <link rel="stylesheet" href={href} precedence="page" />
      <h2 id="questions-title">
        Вопросы и ответы {total > 0 ? <span className="muted">{total}</span> : null}
      </h2>
      <div className="questions__layout">
        <AskForm productId={productId} signedIn={hint !== undefined} listKey={key} />
        <div className="questions__list">
          {isError ? (
            <div className="questions__empty">
              <p className="muted">Не удалось загрузить вопросы.</p>
              <Button variant="secondary" onClick={() => refetch()}>
                Повторить
              </Button>
            </div>
          ) : data && items.length === 0 ? (
            <p className="muted questions__empty">
              Вопросов пока нет. Задайте первый — продавец ответит здесь.
            </p>
          ) : (
            <ul className="questions__items" aria-label="Вопросы покупателей">
              {items.map((q) => (
                <li key={q.id}>
                  <QuestionCard question={q} listKey={key} />
                </li>
              ))}
            </ul>
          )}
          {hasNextPage ? (
            <Button variant="secondary" onClick={() => fetchNextPage()} loading={isFetchingNextPage}>
              Показать ещё вопросы
            </Button>
          ) : null}
        </div>
      </div>
    </>
  );
}

type ListKey = ReturnType<typeof questionKeys.list>;

function AskForm({
  productId,
  signedIn,
  listKey,
}: {
  productId: number;
  signedIn: boolean;
  listKey: ListKey;
}) {
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const titleId = useId();
  if (!signedIn) {
    const { pathname, search } = window.location;
    return (
      <div className="questions__ask">
        <p id={titleId} className="questions__ask-title">
          Есть вопрос о товаре?
        </p>
        <p className="muted">Войдите, чтобы спросить продавца. Ответ придёт по SMS.</p>
        <Button
          variant="secondary"
          href={signInLocation({ pathname, search, hash: "#questions" }) ?? "/auth"}
          reloadDocument
        >
          Войти и задать вопрос
        </Button>
      </div>
    );
  }
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = text.trim();
    if (!value) {
      setError("Напишите вопрос");
      return;
    }
    setSending(true);
    try {
      const question = await askQuestion(productId, value);
      // The new question goes on top of the first page at once; the list is read again behind it.
      queryClient.setQueryData<InfiniteData<ProductQuestionPage, number | undefined>>(listKey, (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((p, i) => (i === 0 ? { ...p, items: [question, ...p.items] } : p)),
            }
          : old,
      );
      setText("");
      showToast({ type: "success", title: "Вопрос отправлен", text: "Пришлём SMS, когда продавец ответит" });
    } catch (failure) {
      setError(refusal(failure));
    } finally {
      setSending(false);
    }
  }
  return (
    <form className="questions__ask" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <p id={titleId} className="questions__ask-title">
        Задайте вопрос о товаре
      </p>
      <TextAreaField
        label="Ваш вопрос"
        rows={3}
        value={text}
        maxLength={QUESTION_MAX_LENGTH}
        error={error}
        hint={`Ответ придёт по SMS. До ${QUESTION_MAX_LENGTH} символов`}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" loading={sending}>
        Задать вопрос
      </Button>
    </form>
  );
}

function QuestionCard({ question: q, listKey }: { question: ProductQuestion; listKey: ListKey }) {
  const queryClient = useQueryClient();
  async function remove() {
    try {
      await deleteQuestion(q.id);
      await queryClient.invalidateQueries({ queryKey: listKey });
      showToast({ type: "success", title: "Вопрос удалён" });
    } catch (failure) {
      showToast({ type: "error", title: "Не получилось", text: refusal(failure) });
    }
  }
  return (
    <article className="question" data-testid={`question-${q.id}`}>
      <header className="question__head">
        <strong>{q.authorName}</strong>
        {q.mine ? <span className="question__mine">Ваш вопрос</span> : null}
        <time className="muted" dateTime={q.createdAt}>
          {formatDate(q.createdAt)}
        </time>
        {q.state === "pending" ? <span className="question__badge">Ждёт ответа</span> : null}
      </header>
      <p className="question__text">{q.text}</p>
      {q.state === "hidden" ? (
        <p className="question__hidden">
          Вопрос скрыт модератором{q.hiddenReason ? `: ${q.hiddenReason}` : ""}
        </p>
      ) : null}
      {q.answer ? (
        <div className="question__answer">
          <p className="question__answer-head">
            <strong>{q.answer.as === "seller" ? `Ответ продавца ${q.answer.by}` : "Ответ Витрины"}</strong>{" "}
            <time className="muted" dateTime={q.answer.at}>
              {formatDate(q.answer.at)}
            </time>
          </p>
          <p className="question__text">{q.answer.text}</p>
        </div>
      ) : null}
      {q.mine && q.state === "pending" ? (
        <Button variant="ghost" onClick={remove}>
          Удалить вопрос
        </Button>
      ) : null}
    </article>
  );
}
