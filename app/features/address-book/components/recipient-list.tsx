import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { failureMessage } from "#app/lib/form-errors.ts";
import { Button } from "#app/ui/button.tsx";
import { formatPhone } from "#app/ui/phone-mask.ts";
import { Spinner } from "#app/ui/spinner.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { useIsClient } from "#app/ui/use-is-client.ts";
import { type Recipient, recipientsQuery, useRecipientMutations } from "../api.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { LazyRecipientFormModal } from "./recipient-form-lazy.tsx";

type Editing = { recipient: Recipient | undefined } | null;

/**
 * /personal/recipients: the people who may receive the shopper's orders, the default one first and
 * marked; add, change, make default, delete (after a confirmation).
 */
export function RecipientsPanel() {
  const hydrated = useIsClient();
  const query = useQuery(recipientsQuery());
  const mutations = useRecipientMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Recipient | null>(null);

  if (query.isPending) {
    return (
      <div className="ab-card ab-state">
        <Spinner size="m" label="Загружаем получателей" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="ab-card ab-state" role="alert">
        <p className="ab-state__title">Не удалось загрузить получателей</p>
        <p className="ab-state__text">{failureMessage(query.error)}</p>
        <Button variant="secondary" onClick={() => query.refetch()}>
          Повторить
        </Button>
      </div>
    );
  }

  const { items, limit } = query.data;
  const full = items.length >= limit;

  const makeDefault = async (recipient: Recipient) => {
    try {
      await mutations.makeDefault.mutateAsync(recipient.id);
      showToast({
        type: "success",
        title: "Основной получатель изменён",
        text: recipient.fullName,
        group: "recipient",
      });
    } catch (failure) {
      showToast({ type: "error", title: "Не получилось", text: failureMessage(failure), group: "recipient" });
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await mutations.remove.mutateAsync(deleting.id);
      showToast({ type: "success", title: "Получатель удалён", text: deleting.fullName, group: "recipient" });
    } catch (failure) {
      showToast({
        type: "error",
        title: "Получатель не удалён",
        text: failureMessage(failure),
        group: "recipient",
      });
    }
    setDeleting(null);
  };

  const addButton = (
    <Button disabled={!hydrated || full} onClick={() => setEditing({ recipient: undefined })}>
      Добавить получателя
    </Button>
  );

  return (
    <>
      {items.length === 0 ? (
        <div className="ab-card ab-state">
          <p className="ab-state__title">Получателей пока нет</p>
          <p className="ab-state__text">
            Добавьте тех, кто может получить ваш заказ: родных, коллег. При оформлении останется выбрать
            получателя из списка.
          </p>
          {addButton}
        </div>
      ) : (
        <section className="ab-card" aria-labelledby="ab-recipients-title">
          <div className="ab-card__head">
            <h2 className="ab-card__title" id="ab-recipients-title">
              Ваши получатели
            </h2>
            <span className="ab-card__count">
              {items.length} из {limit}
            </span>
          </div>
          <ul className="ui-rows">
            {items.map((recipient) => (
              <li key={recipient.id} className="ui-row ab-recipient">
                <div className="ui-row__main">
                  <p className="ui-row__title">
                    {recipient.fullName}
                    {recipient.isDefault ? <span className="ui-badge">Основной</span> : null}
                  </p>
                  <p className="ui-row__details">
                    <span className="ab-recipient__phone">{formatPhone(recipient.phone)}</span>
                    {recipient.email ? <span className="ab-recipient__email">{recipient.email}</span> : null}
                  </p>
                </div>
                <div className="ab-recipient__actions">
                  <Button
                    variant="ghost"
                    disabled={!hydrated}
                    aria-label={`Изменить: ${recipient.fullName}`}
                    onClick={() => setEditing({ recipient })}
                  >
                    Изменить
                  </Button>
                  {recipient.isDefault ? null : (
                    <Button
                      variant="ghost"
                      disabled={!hydrated}
                      aria-label={`Сделать основным: ${recipient.fullName}`}
                      onClick={() => makeDefault(recipient)}
                    >
                      Сделать основным
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    className="ab-danger"
                    disabled={!hydrated}
                    aria-label={`Удалить: ${recipient.fullName}`}
                    onClick={() => setDeleting(recipient)}
                  >
                    Удалить
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {full ? (
            <p className="ab-card__note">
              Сохранено {limit} получателей — это предел. Удалите ненужного, чтобы добавить нового.
            </p>
          ) : (
            <div className="ab-card__foot">{addButton}</div>
          )}
        </section>
      )}
      <LazyRecipientFormModal
        open={editing !== null}
        recipient={editing?.recipient}
        offerDefault={items.length > 0}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Удалить получателя?"
        description={deleting ? `${deleting.fullName}, ${formatPhone(deleting.phone)}` : ""}
        confirmLabel="Удалить"
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
