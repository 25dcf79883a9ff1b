import type { ReactNode } from "react";
import { Button } from "#app/ui/button.tsx";
import { Modal } from "#app/ui/modal/modal.tsx";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Returning a promise keeps the button busy until it settles; the owner closes the dialog. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** "Are you sure?" before something that cannot be undone: the safe choice is the focused, first one. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="s"
      title={title}
      description={description}
      footer={
        <div className="ab-confirm__actions">
          <Button variant="secondary" size="l" onClick={onClose} data-autofocus>
            Отмена
          </Button>
          <Button size="l" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      }
    />
  );
}
