import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { ApiError } from "#app/lib/api-client.ts";
import { Button } from "#app/ui/button.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import type { ImportField } from "#contract/bank-sign-in.ts";
import { type ImportApplyInput, importApplySchema } from "#contract/profile-import.ts";
import { maskPhone } from "#contract/format.ts";
// zod's own messages in Russian, like the API's: this chunk is where zod arrives (ADR 030).
import "#contract/zod-locale.ts";
import { applyImport, discardImport, type ImportOfferField, type PendingImport } from "./api.ts";

export type ImportOutcome = "applied" | "discarded";

const CONSENT_TEXT =
  "Согласен на обработку персональных данных, полученных из банка, для оформления и доставки заказов";

function currentText(field: ImportOfferField): string {
  if (!field.current) return "Сейчас не указано";
  return `Сейчас: ${field.field === "phone" ? maskPhone(field.current) : field.current}`;
}

/**
 * The offer itself (ADR 030): each field the bank gave, with what the profile has now, ticked to take
 * it or unticked to keep the profile's; the agreement checkbox (spec §5: the policy checkbox must be
 * ticked, «Поле обязательно к заполнению»); Save writes the ticked fields, «Не сохранять» drops the
 * data. Loaded on its own (it brings zod and react-hook-form), only when there is something to offer.
 */
export default function ImportOfferForm({
  pending,
  onDone,
}: {
  pending: PendingImport;
  onDone: (outcome: ImportOutcome) => void;
}) {
  const id = useId();
  const takeable = pending.fields.filter((f) => f.status === "new");
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ImportApplyInput>({
    resolver: zodResolver(importApplySchema),
    // Unticked at first: the schema wants it true, the shopper ticks it.
    defaultValues: { fields: takeable.map((f) => f.field), consent: false as unknown as true },
  });
  const chosen = watch("fields") ?? [];
  const consentError = errors.consent?.message;

  const save = handleSubmit(async ({ fields }) => {
    try {
      await applyImport(fields as ImportField[]);
      onDone("applied");
    } catch (failure) {
      const message =
        failure instanceof ApiError ? failure.message : "Проверьте соединение и попробуйте ещё раз";
      showToast({ type: "error", title: "Профиль не сохранён", text: message, group: "profile-import" });
    }
  });

  const discard = async () => {
    try {
      await discardImport();
    } catch (failure) {
      // Already gone (applied in another tab, or expired): there is nothing left to discard.
      if (!(failure instanceof ApiError && failure.status === 404)) throw failure;
    }
    onDone("discarded");
  };

  return (
    <form className="import-offer" noValidate onSubmit={save}>
      <p className="import-offer__lead">
        {takeable.length > 0
          ? "Отметьте, что перенести в профиль. Неотмеченное останется как есть."
          : "Всё, что передал банк, уже есть в профиле или не подходит для него."}
      </p>
      <ul className="import-offer__fields">
        {pending.fields.map((field) => {
          const selectable = field.status === "new";
          const noteId = `${id}-${field.field}-note`;
          return (
            <li
              key={field.field}
              className={`import-offer__field${selectable ? "" : " import-offer__field--off"}`}
            >
              <label className="import-offer__check">
                <input
                  type="checkbox"
                  value={field.field}
                  disabled={!selectable}
                  aria-describedby={noteId}
                  {...register("fields")}
                />
                <span className="import-offer__body">
                  <span className="import-offer__label">{field.label}</span>
                  <span className="import-offer__value">{field.display}</span>
                  <span className="import-offer__note" id={noteId}>
                    {field.status === "same" ? "Уже в профиле" : (field.message ?? currentText(field))}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {takeable.length > 0 ? (
        <div className={`import-offer__consent${consentError ? " import-offer__consent--invalid" : ""}`}>
          <label className="import-offer__check">
            <input
              type="checkbox"
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? `${id}-consent-error` : undefined}
              {...register("consent")}
            />
            <span>{CONSENT_TEXT}</span>
          </label>
          {consentError ? (
            <p className="import-offer__error" id={`${id}-consent-error`} role="alert">
              {consentError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="import-offer__actions">
        {takeable.length > 0 ? (
          <Button type="submit" size="l" loading={isSubmitting} disabled={chosen.length === 0}>
            Сохранить в профиль
          </Button>
        ) : null}
        <Button variant="secondary" size="l" onClick={discard} disabled={isSubmitting}>
          {takeable.length > 0 ? "Не сохранять" : "Закрыть"}
        </Button>
      </div>
    </form>
  );
}
