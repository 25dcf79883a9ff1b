import { type FormEvent, useState } from "react";
import { Button } from "#app/ui/button.tsx";
import { TextAreaField } from "#app/ui/field.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { refusalText } from "../refusal.ts";

/**
 * Hiding a shopper's text (a review, a question) with a reason, required: the reasons operators give most
 * one tap away, any other typed. The author sees the reason beside their hidden text, admins in the audit
 * log; the server checks it again.
 */
export function HideForm({
  reasons,
  maxLength,
  hint,
  pending,
  hide,
  done,
  onDone,
}: {
  reasons: readonly string[];
  maxLength: number;
  /** Who will see the reason. */
  hint: string;
  pending: boolean;
  hide: (reason: string) => Promise<unknown>;
  /** The toast once it is hidden. */
  done: { title: string; text: string };
  onDone: () => void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError("Укажите причину");
      return;
    }
    try {
      await hide(reason.trim());
      showToast({ type: "success", ...done });
      onDone();
    } catch (failure) {
      setError(refusalText(failure));
    }
  }
  return (
    <form className="hide-form" onSubmit={submit} noValidate>
      <div className="hide-form__reasons">
        {reasons.map((r) => (
          <button
            key={r}
            type="button"
            className="chip"
            onClick={() => setReason(r)}
            aria-pressed={reason === r}
          >
            {r}
          </button>
        ))}
      </div>
      <TextAreaField
        label="Причина"
        rows={2}
        value={reason}
        maxLength={maxLength}
        error={error}
        hint={hint}
        onChange={(e) => {
          setReason(e.target.value);
          setError(undefined);
        }}
      />
      <div className="hide-form__buttons">
        <Button type="submit" loading={pending}>
          Скрыть
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Отмена
        </Button>
      </div>
    </form>
  );
}
