import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "#app/ui/button.tsx";
import { TextAreaField } from "#app/ui/field.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { formatPhoneLabel } from "#contract/format.ts";
import type { StaffAppeal, StaffAppealSummary } from "#contract/support.ts";
import { SUPPORT_MESSAGE_MAX_LENGTH } from "#contract/support-info.ts";
import { formatDateTime } from "../format.ts";
import { refusalText } from "../refusal.ts";
import { useAppealActions } from "../support-api.ts";

const badge = (status: StaffAppealSummary["status"]) =>
  status === "open" ? "ops-badge ops-badge--open" : "ops-badge ops-badge--done";

/** The queue: one card per appeal, newest first. */
export function SupportQueue({ items }: { items: readonly StaffAppealSummary[] }) {
  return (
    <ul className="ops-list" aria-label="Обращения">
      {items.map((appeal) => (
        <li key={appeal.id}>
          <QueueCard appeal={appeal} />
        </li>
      ))}
    </ul>
  );
}

function QueueCard({ appeal }: { appeal: StaffAppealSummary }) {
  const titleId = useId();
  return (
    <article className="ops-card" aria-labelledby={titleId}>
      <header className="ops-card__head">
        <h2 id={titleId} className="ops-card__title">
          <Link to={`/admin/support/${appeal.id}`}>
            № {appeal.id} · {appeal.categoryText}
          </Link>
        </h2>
        <span className={badge(appeal.status)}>{appeal.statusText}</span>
      </header>
      <dl className="ops-facts">
        <div>
          <dt>Покупатель</dt>
          <dd>
            {appeal.fullName}
            {appeal.phone ? `, ${formatPhoneLabel(appeal.phone)}` : ""}
          </dd>
        </div>
        {appeal.order ? (
          <div>
            <dt>Заказ</dt>
            <dd>
              <Link to={`/admin/orders/${appeal.order.id}`}>№ {appeal.order.number}</Link>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Последнее сообщение</dt>
          <dd>
            <time dateTime={appeal.lastMessageAt}>{formatDateTime(appeal.lastMessageAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Исполнитель</dt>
          <dd>{appeal.assignedTo ? formatPhoneLabel(appeal.assignedTo.label) : "Никто"}</dd>
        </div>
      </dl>
    </article>
  );
}

/** One appeal: the conversation, and take / answer / close. */
export function AppealDesk({ appeal, myUserId }: { appeal: StaffAppeal; myUserId: number }) {
  const { assign, close } = useAppealActions(appeal.id);
  const mine = appeal.assignedTo?.userId === myUserId;
  async function run(action: typeof assign, done: string) {
    try {
      await action.mutateAsync();
      showToast({ type: "success", title: done, text: `Обращение № ${appeal.id}` });
    } catch (failure) {
      showToast({ type: "error", title: "Не получилось", text: refusalText(failure) });
    }
  }
  return (
    <article aria-labelledby="appeal-title">
      <p className="admin-back">
        <Link to="/admin/support">← Очередь обращений</Link>
      </p>
      <div className="admin-order__head">
        <h1 className="admin-title" id="appeal-title">
          Обращение № {appeal.id}
        </h1>
        <span className={badge(appeal.status)}>{appeal.statusText}</span>
      </div>
      <div className="support-desk">
        <section className="admin-card" aria-label="Переписка">
          <ol className="support-desk__thread">
            {appeal.messages.map((m) => (
              <li key={m.id} className={`support-desk__message support-desk__message--${m.author}`}>
                <p className="support-desk__head">
                  <strong>
                    {m.author === "staff"
                      ? `Оператор ${formatPhoneLabel(m.authorLabel)}`
                      : `Покупатель: ${m.authorLabel}`}
                  </strong>{" "}
                  <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                  {m.author === "staff" ? (
                    <span className="admin-muted"> · {m.readAt ? "прочитано" : "не прочитано"}</span>
                  ) : null}
                </p>
                <p className="support-desk__text">{m.text}</p>
                {m.photos.length > 0 ? (
                  <ul className="support-desk__photos" aria-label="Фото">
                    {m.photos.map((photo, index) => (
                      <li key={photo.id}>
                        <a href={photo.url} target="_blank" rel="noreferrer">
                          <img
                            src={photo.thumbUrl}
                            alt={`Фото ${index + 1}`}
                            width={96}
                            height={96}
                            loading="lazy"
                          />
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
          {appeal.status === "closed" ? (
            <p className="admin-muted">Обращение закрыто: ответить в нём нельзя.</p>
          ) : (
            <AnswerForm appealId={appeal.id} />
          )}
        </section>
        <aside className="admin-card" aria-label="Обращение">
          <dl className="ops-facts support-desk__facts">
            <div>
              <dt>Тема</dt>
              <dd>{appeal.categoryText}</dd>
            </div>
            <div>
              <dt>Покупатель</dt>
              <dd>{appeal.fullName}</dd>
            </div>
            <div>
              <dt>Телефон</dt>
              <dd>{appeal.phone ? formatPhoneLabel(appeal.phone) : "—"}</dd>
            </div>
            <div>
              <dt>Заказ</dt>
              <dd>
                {appeal.order ? (
                  <Link to={`/admin/orders/${appeal.order.id}`}>№ {appeal.order.number}</Link>
                ) : (
                  "—"
                )}
              </dd>
            </div>
            <div>
              <dt>Создано</dt>
              <dd>
                <time dateTime={appeal.createdAt}>{formatDateTime(appeal.createdAt)}</time>
              </dd>
            </div>
            <div>
              <dt>Исполнитель</dt>
              <dd>
                {appeal.assignedTo ? (mine ? "Вы" : formatPhoneLabel(appeal.assignedTo.label)) : "Никто"}
              </dd>
            </div>
          </dl>
          <div className="ops-actions">
            {mine || appeal.status === "closed" ? null : (
              <Button
                variant="secondary"
                loading={assign.isPending}
                onClick={() => run(assign, "Обращение ваше")}
              >
                Взять себе
              </Button>
            )}
            {appeal.status === "closed" ? null : (
              <Button
                variant="secondary"
                loading={close.isPending}
                onClick={() => run(close, "Обращение закрыто")}
              >
                Закрыть обращение
              </Button>
            )}
          </div>
        </aside>
      </div>
    </article>
  );
}

function AnswerForm({ appealId }: { appealId: number }) {
  const { answer } = useAppealActions(appealId);
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) {
      setError("Напишите ответ покупателю");
      return;
    }
    try {
      await answer.mutateAsync(text);
      setText("");
      showToast({ type: "success", title: "Ответ отправлен", text: "Покупатель получит SMS" });
    } catch (failure) {
      setError(refusalText(failure));
    }
  }
  return (
    <form className="ops-form" onSubmit={submit} noValidate aria-label="Ответить покупателю">
      <TextAreaField
        label="Ответ покупателю"
        hint={`Покупатель увидит его в личном кабинете и получит SMS. До ${SUPPORT_MESSAGE_MAX_LENGTH} символов`}
        value={text}
        maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
        rows={4}
        error={error}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
      />
      <div className="ops-actions">
        <Button type="submit" loading={answer.isPending}>
          Ответить
        </Button>
      </div>
    </form>
  );
}
