import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { PaymentProblemView } from "#contract/admin-operations.ts";
import { RESOLUTION_MAX } from "#contract/operations-rules.ts";
import { formatRub } from "#contract/format.ts";
import { Button } from "#app/ui/button.tsx";
import { TextAreaField } from "#app/ui/field.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { formatDateTime } from "../format.ts";
import { useProblemActions } from "../operations-api.ts";
import { refusalText } from "../refusal.ts";

const JOB_STATE_TEXT = {
  queued: "ждёт очереди",
  running: "выполняется",
  done: "выполнена",
  failed: "не удалась",
} as const;

/** The queue: one card per problem, newest first. */
export function PaymentProblemList({ items }: { items: readonly PaymentProblemView[] }) {
  return (
    <ul className="ops-list" aria-label="Проблемные платежи">
      {items.map((problem) => (
        <li key={problem.id}>
          <ProblemCard problem={problem} />
        </li>
      ))}
    </ul>
  );
}

function ProblemCard({ problem }: { problem: PaymentProblemView }) {
  const titleId = useId();
  const { retry } = useProblemActions();
  const [settling, setSettling] = useState(false);
  const { payment, job } = problem;
  async function runAgain() {
    try {
      await retry.mutateAsync(problem.id);
      showToast({ type: "success", title: "Возврат запущен снова", text: `Заказ ${problem.order.number}` });
    } catch (failure) {
      showToast({ type: "error", title: "Не получилось повторить", text: refusalText(failure) });
    }
  }
  return (
    <article className="ops-card" aria-labelledby={titleId}>
      <header className="ops-card__head">
        <h2 id={titleId} className="ops-card__title">
          {problem.kindText}
        </h2>
        <span className={problem.resolved ? "ops-badge ops-badge--done" : "ops-badge ops-badge--open"}>
          {problem.resolved ? "Решена" : "Открыта"}
        </span>
      </header>
      <dl className="ops-facts">
        <div>
          <dt>Заказ</dt>
          <dd>
            <Link to={`/admin/orders/${problem.order.id}`}>№ {problem.order.number}</Link>
          </dd>
        </div>
        <div>
          <dt>Платёж</dt>
          <dd>
            {formatRub(payment.amount)} · {payment.statusText}
          </dd>
        </div>
        {payment.refundedAmount > 0 ? (
          <div>
            <dt>Вернули</dt>
            <dd>{formatRub(payment.refundedAmount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Когда</dt>
          <dd>
            <time dateTime={problem.createdAt}>{formatDateTime(problem.createdAt)}</time>
          </dd>
        </div>
      </dl>
      <p className="ops-detail">
        <span className="admin-muted">Последняя ошибка: </span>
        <code>{problem.detail}</code>
      </p>
      {job ? (
        <p className="ops-detail admin-muted">
          Задача возврата {JOB_STATE_TEXT[job.state]}
          {job.attempts > 0 ? `, попыток: ${job.attempts}` : ""}
        </p>
      ) : null}
      {problem.kind === "refund_failed" && problem.failedRefunds > 0 && !problem.resolved ? (
        <p className="ops-detail admin-muted">
          Не прошли возвраты: {problem.failedRefunds}. «Повторить возврат» отправит их снова.
        </p>
      ) : null}
      {problem.resolved ? (
        <p className="ops-resolution">
          <span className="admin-muted">
            Решена <time dateTime={problem.resolved.at}>{formatDateTime(problem.resolved.at)}</time>:{" "}
          </span>
          {problem.resolved.note}
        </p>
      ) : settling ? (
        <ResolveForm problem={problem} onDone={() => setSettling(false)} />
      ) : (
        <div className="ops-actions">
          {problem.canRetry ? (
            <Button onClick={runAgain} loading={retry.isPending}>
              Повторить возврат
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => setSettling(true)}>
            Отметить решённой
          </Button>
        </div>
      )}
    </article>
  );
}

function ResolveForm({ problem, onDone }: { problem: PaymentProblemView; onDone: () => void }) {
  const { resolve } = useProblemActions();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const field = useRef<HTMLTextAreaElement>(null);
  // The form opens in place of the buttons: the focus goes where the operator will type.
  useEffect(() => field.current?.focus(), []);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!note.trim()) {
      setError("Напишите, как решили проблему");
      return;
    }
    try {
      await resolve.mutateAsync({ id: problem.id, note });
      showToast({ type: "success", title: "Проблема решена", text: `Заказ ${problem.order.number}` });
      onDone();
    } catch (failure) {
      setError(refusalText(failure));
    }
  }
  return (
    <form className="ops-form" onSubmit={submit} noValidate>
      <TextAreaField
        label="Как решили"
        hint={`Например: «вернули в кабинете банка». До ${RESOLUTION_MAX} символов`}
        value={note}
        maxLength={RESOLUTION_MAX}
        rows={3}
        error={error}
        ref={field}
        onChange={(event) => {
          setNote(event.target.value);
          setError(undefined);
        }}
      />
      <div className="ops-actions">
        <Button type="submit" loading={resolve.isPending}>
          Сохранить
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Отмена
        </Button>
      </div>
    </form>
  );
}
