import { type FormEvent, useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ApiError } from "#app/lib/api-client.ts";
import { Button } from "#app/ui/button.tsx";
import { TextAreaField } from "#app/ui/field.tsx";
import { supportReplySchema, type Appeal } from "#contract/support.ts";
import { SUPPORT_MESSAGE_MAX_LENGTH } from "#contract/support-info.ts";
import { markAppealRead, supportKeys, useReply } from "../api.ts";
import { MessagePhotos, type PickedPhoto, PhotoPicker } from "#app/features/uploads/index.ts";

// Built once (a formatter per call is slow): «28 ноября, 03:15» in Moscow time, as the server renders it.
const messageTime = new Intl.DateTimeFormat("ru-RU", {
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Moscow",
});
const formatDateTime = (iso: string) => messageTime.format(new Date(iso));

/**
 * The conversation in order. Answers the shopper had not seen are marked «Новый ответ» for this visit;
 * once shown, the page tells the API they are seen (a POST: reading a page changes nothing by itself).
 */
export function Conversation({ appeal }: { appeal: Appeal }) {
  const queryClient = useQueryClient();
  const unread = appeal.messages.some((m) => m.unread);
  useEffect(() => {
    if (!unread) return;
    markAppealRead(appeal.id)
      .then(() => queryClient.invalidateQueries({ queryKey: supportKeys.list() }))
      .catch(() => {
        // Not marked this time: the answer stays new until the next visit. Nothing to tell the shopper.
      });
  }, [appeal.id, unread, queryClient]);

  return (
    <ol className="support-thread" aria-label="Переписка">
      {appeal.messages.map((m) => (
        <li
          key={m.id}
          data-testid="support-message"
          className={`support-message support-message--${m.author}${m.unread ? " support-message--unread" : ""}`}
        >
          <p className="support-message__head">
            <span className="support-message__author">
              {m.author === "staff" ? "Поддержка Витрины" : "Вы"}
            </span>
            <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            {m.unread ? (
              <span className="support-unread" data-testid="message-unread">
                Новый ответ
              </span>
            ) : null}
          </p>
          <p className="support-message__text">{m.text}</p>
          <MessagePhotos photos={m.photos} />
        </li>
      ))}
    </ol>
  );
}

/** The reply box, while the appeal is not closed. */
export function ReplyForm({ appealId }: { appealId: number }) {
  const reply = useReply(appealId);
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [uploading, setUploading] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = supportReplySchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await reply.mutateAsync({ text: parsed.data.text, photoIds: photos.map((p) => p.id) });
      setText("");
      setPhotos([]);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.body?.message
          ? (failure.body.fields?.[0]?.message ?? failure.body.message)
          : "Не удалось отправить. Попробуйте ещё раз",
      );
    }
  }
  return (
    <form className="support-form" onSubmit={submit} noValidate aria-label="Ответ в обращении">
      <TextAreaField
        label="Ваш ответ"
        hint={`До ${SUPPORT_MESSAGE_MAX_LENGTH} символов`}
        value={text}
        maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
        rows={4}
        error={error}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
      />
      <PhotoPicker purpose="support" photos={photos} onChange={setPhotos} onBusy={setUploading} />
      <div className="support-form__actions">
        <Button type="submit" loading={reply.isPending} disabled={uploading}>
          Отправить
        </Button>
      </div>
    </form>
  );
}
