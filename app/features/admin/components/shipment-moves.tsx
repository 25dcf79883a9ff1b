import { useEffect, useRef } from "react";
import type { Order } from "#contract/orders.ts";
import { Button } from "#app/ui/button.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { useOrderCardMutations } from "../api.ts";
import { MOVE_LABEL, movesFrom } from "../moves.ts";
import { refusalText } from "../refusal.ts";

type Shipment = Order["shipments"][number];

/**
 * The moves a parcel allows now, as buttons, and calling it off when the order has other parcels; the card
 * shows the parcel's new status when one is made.
 */
export function ShipmentMoves({
  order,
  shipment,
  onCancel,
}: {
  order: Order;
  shipment: Shipment;
  onCancel?: () => void;
}) {
  const { move } = useOrderCardMutations(order.id);
  const ref = useRef<HTMLDivElement>(null);
  // The clicked button is disabled while the move is sent, which drops the keyboard's focus; once the
  // parcel's new status is drawn, focus goes to its next move.
  const moved = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the parcel's status changes, on purpose.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    ref.current?.querySelector<HTMLButtonElement>("button:not(:disabled)")?.focus();
  }, [shipment.status]);
  const moves = movesFrom(shipment.status, order.delivery.type);
  if (moves.length === 0 && !onCancel) return null;
  const run = async (to: (typeof moves)[number]) => {
    moved.current = true;
    try {
      const card = await move.mutateAsync({ shipmentId: shipment.id, to });
      const now = card.order.shipments.find((s) => s.id === shipment.id);
      showToast({ type: "success", title: `Отправление: ${now?.statusText ?? "статус изменён"}` });
    } catch (error) {
      showToast({ type: "error", title: "Статус не изменён", text: refusalText(error) });
    }
  };
  return (
    <div className="admin-moves" ref={ref}>
      {moves.map((to) => (
        <Button key={to} size="m" onClick={() => run(to)}>
          {MOVE_LABEL[to]}
        </Button>
      ))}
      {onCancel ? (
        <Button variant="secondary" onClick={onCancel}>
          Отменить отправление
        </Button>
      ) : null}
    </div>
  );
}
