import { useEffect, useRef, useState } from "react";
import { LazyRecipientFormModal, type Recipient } from "#app/features/address-book/index.ts";
import { cx } from "#app/ui/class-names.ts";
import { formatPhone } from "#app/ui/phone-mask.ts";
import { MAX_RECIPIENTS } from "#contract/address-book.ts";

/** «Я» (the shopper) or a recipient's id. */
export type RecipientChoice = "self" | number;

/**
 * Who receives the order: the shopper (name and phone from the account) or one of their recipients;
 * «Добавить получателя» opens the address book's own form and chooses the one just added.
 */
export function RecipientPanel({
  self,
  recipients,
  value,
  onChange,
}: {
  self: { name: string; phone: string | null };
  recipients: Recipient[];
  value: RecipientChoice;
  onChange: (choice: RecipientChoice) => void;
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

  return (
    <section className="co-card" aria-labelledby="co-recipient-title">
      <h2 className="co-card__title" id="co-recipient-title">
        Получатель
      </h2>
      <fieldset className="co-fieldset">
        <legend className="co-visually-hidden">Кто получит заказ</legend>
        <div className="co-options">
          <label className={cx("co-option", value === "self" && "co-option--on")}>
            <input
              type="radio"
              name="recipient"
              checked={value === "self"}
              onChange={() => onChange("self")}
            />
            <span className="co-option__body">
              <span className="co-option__title">{self.name || "Я"}</span>
              <span className="co-option__text">
                {self.phone ? formatPhone(self.phone) : "Телефон из профиля"}
              </span>
            </span>
          </label>
          {recipients.map((r) => (
            <label key={r.id} className={cx("co-option", value === r.id && "co-option--on")}>
              <input type="radio" name="recipient" checked={value === r.id} onChange={() => onChange(r.id)} />
              <span className="co-option__body">
                <span className="co-option__title">{r.fullName}</span>
                <span className="co-option__text">{formatPhone(r.phone)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {recipients.length < MAX_RECIPIENTS ? (
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
