import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "#app/ui/button.tsx";
import { TextAreaField } from "#app/ui/field.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { formatPhoneLabel } from "#contract/format.ts";
import {
  ANSWER_MAX_LENGTH,
  type AnsweredAs,
  QUESTION_HIDE_REASON_MAX_LENGTH,
} from "#contract/question-rules.ts";
import type { StaffQuestion } from "#contract/questions.ts";
import { productUrl } from "#contract/urls.ts";
import { formatDateTime } from "../format.ts";
import href from "../questions.css?url";
import { useQuestionActions } from "../questions-api.ts";
import { refusalText } from "../refusal.ts";
import { HideForm } from "./hide-form.tsx";

/** Reasons operators give most, one tap away; any other can be typed. */
const REASONS = [
  "Нецензурная лексика или оскорбления",
  "Реклама, ссылки или контакты",
  "Вопрос не о товаре",
  "Персональные данные",
] as const;

const BADGE: Record<StaffQuestion["state"], string> = {
  pending: "ops-badge ops-badge--open",
  answered: "ops-badge ops-badge--done",
  hidden: "ops-badge",
};

/** The questions: product, author, text, state, the answer; answer, hide, show again. */
export function QuestionDesk({ items }: { items: readonly StaffQuestion[] }) {
  return (
    <>
      <link rel="stylesheet" href={href} precedence="page" />
      <ul className="ops-list" aria-label="Вопросы">
        {items.map((question) => (
          <li key={question.id}>
            <QuestionCard question={question} />
          </li>
        ))}
      </ul>
    </>
  );
}

function QuestionCard({ question: q }: { question: StaffQuestion }) {
  const titleId = useId();
  const { show, hide } = useQuestionActions(q.id);
  const [hiding, setHiding] = useState(false);
  async function showAgain() {
    try {
      await show.mutateAsync();
      showToast({ type: "success", title: "Вопрос снова опубликован", text: `Вопрос № ${q.id}` });
    } catch (failure) {
      showToast({ type: "error", title: "Не получилось", text: refusalText(failure) });
    }
  }
  return (
    <article className="ops-card" aria-labelledby={titleId} data-testid={`admin-question-${q.id}`}>
      <header className="ops-card__head">
        <h2 id={titleId} className="ops-card__title">
          Вопрос № {q.id} · <Link to={`${productUrl(q.product.id)}#questions`}>{q.product.name}</Link>
        </h2>
        <span className={BADGE[q.state]}>{q.stateText}</span>
      </header>
      <dl className="ops-facts">
        <div>
          <dt>Автор</dt>
          <dd>
            {q.authorName}
            {q.phone ? `, ${formatPhoneLabel(q.phone)}` : ""}
          </dd>
        </div>
        <div>
          <dt>Продавец</dt>
          <dd>{q.seller.name}</dd>
        </div>
        <div>
          <dt>Задан</dt>
          <dd>
            <time dateTime={q.createdAt}>{formatDateTime(q.createdAt)}</time>
          </dd>
        </div>
        {q.state === "hidden" ? (
          <div>
            <dt>Скрыт</dt>
            <dd>{q.hiddenReason ? `«${q.hiddenReason}»` : "—"}</dd>
          </div>
        ) : null}
      </dl>
      <p className="question-desk__text">{q.text}</p>
      {q.answer ? (
        <div className="question-desk__answer">
          <p className="question-desk__answer-head">
            {q.answer.as === "seller" ? `Ответ продавца ${q.answer.by}` : "Ответ Витрины"} ·{" "}
            {formatDateTime(q.answer.at)}
            {q.answeredBy ? ` · ${formatPhoneLabel(q.answeredBy)}` : ""}
          </p>
          <p className="question-desk__text">{q.answer.text}</p>
        </div>
      ) : null}
      <div className="question-desk__actions">
        {q.state === "hidden" ? (
          <Button variant="secondary" onClick={showAgain} loading={show.isPending}>
            Показать снова
          </Button>
        ) : hiding ? (
          <HideForm
            reasons={REASONS}
            maxLength={QUESTION_HIDE_REASON_MAX_LENGTH}
            hint="Автор увидит причину рядом со своим вопросом"
            pending={hide.isPending}
            hide={(reason) => hide.mutateAsync(reason)}
            done={{ title: "Вопрос скрыт", text: `Вопрос № ${q.id}` }}
            onDone={() => setHiding(false)}
          />
        ) : (
          <>
            {q.state === "pending" ? <AnswerForm question={q} /> : null}
            <Button variant="ghost" onClick={() => setHiding(true)}>
              Скрыть вопрос
            </Button>
          </>
        )}
      </div>
    </article>
  );
}

/** The answer, as the seller (the operator writes for them) or as the shop. */
function AnswerForm({ question }: { question: StaffQuestion }) {
  const { answer } = useQuestionActions(question.id);
  const [text, setText] = useState("");
  const [as, setAs] = useState<AnsweredAs>("seller");
  const [error, setError] = useState<string>();
  const name = useId();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) {
      setError("Напишите ответ");
      return;
    }
    try {
      await answer.mutateAsync({ text: text.trim(), as });
      showToast({ type: "success", title: "Ответ опубликован", text: "Покупатель получит SMS" });
    } catch (failure) {
      setError(refusalText(failure));
    }
  }
  return (
    <form className="question-desk__form" onSubmit={submit} noValidate>
      <TextAreaField
        label="Ответ"
        rows={3}
        value={text}
        maxLength={ANSWER_MAX_LENGTH}
        error={error}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
      />
      <fieldset className="question-desk__as">
        <legend>Ответить от имени</legend>
        <label>
          <input type="radio" name={name} checked={as === "seller"} onChange={() => setAs("seller")} />
          Продавца ({question.seller.name})
        </label>
        <label>
          <input type="radio" name={name} checked={as === "shop"} onChange={() => setAs("shop")} />
          Витрины
        </label>
      </fieldset>
      <div className="question-desk__buttons">
        <Button type="submit" loading={answer.isPending}>
          Ответить
        </Button>
      </div>
    </form>
  );
}
