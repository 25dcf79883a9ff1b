import type { OrderStatus } from "#contract/order-states.ts";
import { ORDER_STATUS_TEXT } from "#contract/orders.ts";
import type { StaffEvent } from "#contract/staff.ts";
import { staffName } from "./notes.ts";
import type { OrdersRepository } from "./repository.ts";

// The order's timeline as the back office reads it (ADR 053: each change with who made it and when). The
// shopper's own timeline says only when; staff names stay in the back office.

const ACTOR_TEXT = { shopper: "Покупатель", acquirer: "Банк", system: "Автоматически" } as const;

export async function historyOf(repository: OrdersRepository, orderId: number): Promise<StaffEvent[]> {
  const rows = await repository.eventsWithActors(orderId);
  return rows.map((row) => {
    const status = row.status as OrderStatus;
    return {
      at: row.at.toISOString(),
      status,
      statusText: status === "awaiting_payment" ? "Оформлен" : ORDER_STATUS_TEXT[status],
      shipmentId: row.shipmentId,
      actor:
        row.actorKind === "staff"
          ? staffName({ ...row, userId: row.actorUserId })
          : ACTOR_TEXT[row.actorKind],
    };
  });
}
