import { type FormEvent, useState } from "react";
import { NOTE_MAX_LENGTH } from "#contract/operations-rules.ts";
import type { OrderNote } from "#contract/staff.ts";
import { Button } from "#app/ui/button.tsx";
import { TextAreaField } from "#app/ui/field.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { useOrderCardMutations } from "../api.ts";
import { formatDateTime } from "../format.ts";
import { refusalText } from "../refusal.ts";

/** The staff's internal notes on the order, oldest first, and a form for a new one. Never shown to the shopper. */
export function OrderNotes({ orderId, notes }: { orderId: number; notes: readonly OrderNote[] }) {
  const { addNote } = useOrderCardMutations(orderId);
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) {
      setError("Напишите заметку");
      return;
    }
    try {
      await addNote.mutateAsync(text);
      setText("");
      setError(undefined);
      showToast({ type: "success", title: "Заметка добавлена" });
    } catch (failure) {
      setError(refusalText(failure));
    }
  }
  return (
    <>
      {notes.length === 0 ? (
        <p className="admin-muted">Заметок пока нет.</p>
      ) : (
        <ol className="admin-notes">
          {notes.map((note) => (
            <li key={note.id} className="admin-notes__item">
              <p className="admin-notes__meta">
                {note.author} · <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
              </p>
              <p className="admin-notes__text">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="admin-notes__form" onSubmit={submit} noValidate>
        <TextAreaField
          label="Новая заметка"
          hint="Видят только сотрудники"
          value={text}
          maxLength={NOTE_MAX_LENGTH}
          rows={3}
          error={error}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={addNote.isPending}>
          Добавить заметку
        </Button>
      </form>
    </>
  );
}
