import { useState } from "react";
import { Button } from "#app/ui/button.tsx";
import { Modal } from "#app/ui/modal/modal.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { STAFF_CANCEL_REASONS, type StaffCancelReason } from "#contract/cancellation-rules.ts";
import { useOrderCardMutations } from "../api.ts";
import { refusalText } from "../refusal.ts";

/**
 * An operator calls off the whole order or one parcel, with a reason from the dictionary (ADR 054):
 * stock, points and the courier window go back at once, the money through the refund job.
 */
export function CancelDialog({
  orderId,
  shipment,
  onClose,
}: {
  orderId: number;
  /** One parcel (with its seller, to name it); the whole order without. */
  shipment?: { id: number; seller: string };
  onClose: () => void;
}) {
  const { cancel } = useOrderCardMutations(orderId);
  const [reason, setReason] = useState<StaffCancelReason>();
  const [error, setError] = useState<string>();
  const what = shipment ? "отправление" : "заказ";
  async function confirm() {
    if (!reason) {
      setError("Выберите причину отмены");
      return;
    }
    try {
      await cancel.mutateAsync({ reason, shipmentId: shipment?.id });
      showToast({ type: "success", title: shipment ? "Отправление отменено" : "Заказ отменён" });
      onClose();
    } catch (failure) {
      setError(refusalText(failure));
    }
  }
  return (
    <Modal
      open
      size="m"
      onClose={onClose}
      title={shipment ? `Отменить отправление ${shipment.seller}?` : "Отменить заказ?"}
      description={`Товары вернутся на склад, баллы и деньги — покупателю. Отменить ${what} потом нельзя.`}
      footer={
        <div className="admin-dialog-actions">
          <Button onClick={confirm}>{shipment ? "Отменить отправление" : "Отменить заказ"}</Button>
          <Button variant="secondary" onClick={onClose}>
            Не отменять
          </Button>
        </div>
      }
    >
      <fieldset className="admin-reasons" aria-describedby={error ? "admin-cancel-error" : undefined}>
        <legend>Причина отмены</legend>
        {Object.entries(STAFF_CANCEL_REASONS).map(([value, text]) => (
          <label key={value} className="admin-reasons__option">
            <input
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value as StaffCancelReason);
                setError(undefined);
              }}
            />
            {text}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p className="admin-reasons__error" id="admin-cancel-error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
