import { type Ref, useEffect, useRef, useState } from "react";
import {
  LazyRecipientFields,
  LazyRecipientFormModal,
  type Recipient,
  type RecipientFieldsHandle,
} from "#app/features/address-book/index.ts";
import { cx } from "#app/ui/class-names.ts";
import { formatPhone } from "#app/ui/phone-mask.ts";
import { MAX_RECIPIENTS } from "#contract/address-book.ts";
import type { RecipientChoice, RecipientOptions } from "../recipient-choice.ts";

export type { RecipientChoice };

/**
 * Who receives the order: the shopper (name and phone from the account) or one of their recipients;
 * «Добавить получателя» opens the address book's own form and chooses the one just added. A shopper whose
 * profile has no name (signed in by SMS) is asked for it right here, phone prefilled: «Перейти к оплате»
 * saves the fields as a recipient and places the order with them (ADR 052). A «Я» that cannot receive an
 * order is never offered as it is.
 */
export function RecipientPanel({
  self,
  options,
  recipients,
  value,
  onChange,
  fieldsRef,
  problem,
}: {
  /** The shopper as the profile has them: «Фамилия Имя» (empty when unknown) and the phone. */
  self: { name: string; phone: string | null };
  options: RecipientOptions;
  recipients: Recipient[];
  value: RecipientChoice;
  onChange: (choice: RecipientChoice) => void;
  /** The name fields, for the step to save them when placing. */
  fieldsRef: Ref<RecipientFieldsHandle>;
  /** Why the server refused the recipient (`recipient_required`): said here, over the fields. */
  problem: string | undefined;
}) {
  const [adding, setAdding] = useState(false);
  const known = useRef<Set<number> | null>(null);

  // The recipient just added (an id the list did not have when the form opened) becomes the choice.
  useEffect(() => {
    if (!known.current) return;
    const added = recipients.find((r) => !known.current?.has(r.id));
    if (added) {
      known.current = null;
      onChange(added.id);
    }
  }, [recipients, onChange]);

  const asking = value === "self" && !options.selfReady;
  // Nobody to choose between: the card is the fields alone.
  const fieldsOnly = asking && recipients.length === 0;
  const phone = self.phone ? formatPhone(self.phone) : null;

  return (
    <section className="co-card" aria-labelledby="co-recipient-title">
      <h2 className="co-card__title" id="co-recipient-title">
        Получатель
      </h2>
      {fieldsOnly ? null : (
        <fieldset className="co-fieldset">
          <legend className="co-visually-hidden">Кто получит заказ</legend>
          <div className="co-options">
            {options.selfReady || options.selfAsks ? (
              <label className={cx("co-option", value === "self" && "co-option--on")}>
                <input
                  type="radio"
                  name="recipient"
                  checked={value === "self"}
                  onChange={() => onChange("self")}
                />
                <span className="co-option__body">
                  <span className="co-option__title">{options.selfReady ? self.name : "Я"}</span>
                  <span className="co-option__text">
                    {options.selfReady
                      ? (phone ?? "Телефон из профиля")
                      : [phone, "нужны фамилия и имя"].filter(Boolean).join(" · ")}
                  </span>
                </span>
              </label>
            ) : null}
            {recipients.map((r) => (
              <label key={r.id} className={cx("co-option", value === r.id && "co-option--on")}>
                <input
                  type="radio"
                  name="recipient"
                  checked={value === r.id}
                  onChange={() => onChange(r.id)}
                />
                <span className="co-option__body">
                  <span className="co-option__title">{r.fullName}</span>
                  <span className="co-option__text">{formatPhone(r.phone)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {asking ? (
        <div className={cx("co-recipient-ask", !fieldsOnly && "co-recipient-ask--below")}>
          {problem ? (
            <p className="co-error" role="alert">
              {problem}
            </p>
          ) : (
            <p className="co-muted">
              Укажите фамилию и имя — их спросят при получении. Запомним для следующих заказов.
            </p>
          )}
          <LazyRecipientFields ref={fieldsRef} phone={self.phone} problem={problem} />
        </div>
      ) : null}
      {recipients.length < MAX_RECIPIENTS && !fieldsOnly ? (
        <button
          type="button"
          className="co-link co-add"
          onClick={() => {
            known.current = new Set(recipients.map((r) => r.id));
            setAdding(true);
          }}
        >
          + Добавить получателя
        </button>
      ) : null}
      <LazyRecipientFormModal
        open={adding}
        recipient={undefined}
        offerDefault={false}
        onClose={() => setAdding(false)}
      />
    </section>
  );
}
