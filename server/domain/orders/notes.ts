import type { OrderNote } from "#contract/staff.ts";
import type { OrdersContext } from "./context.ts";
import { orderNotFound } from "./context.ts";
import type { StaffActor } from "./fulfilment.ts";
import type { OrdersRepository } from "./repository.ts";

// Operators' internal notes on an order (issue 20, point 2): append-only, read only in the back office,
// each one in the audit log as `order.note`.

/** How the back office names a staff member: the name on the account, else its phone. */
export function staffName(row: {
  userId: number | null;
  phone: string | null;
  name: string | null;
  surname: string | null;
}): string {
  const name = [row.name, row.surname].filter(Boolean).join(" ");
  if (name) return name;
  if (row.phone) return row.phone;
  return row.userId === null ? "Удалённый сотрудник" : `Сотрудник № ${row.userId}`;
}

export async function notesOf(repository: OrdersRepository, orderId: number): Promise<OrderNote[]> {
  const rows = await repository.notes(orderId);
  return rows.map((row) => ({
    id: row.id,
    text: row.text,
    authorUserId: row.authorUserId,
    author: staffName({ ...row, userId: row.authorUserId }),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Adds the note and its audit record in one transaction; an unknown order is a 404. */
export async function addOrderNote(
  ctx: OrdersContext,
  staff: StaffActor,
  orderId: number,
  text: string,
): Promise<void> {
  await ctx.work.transaction(async (repos) => {
    const order = await repos.orders.order(orderId);
    if (!order) throw orderNotFound();
    const noteId = await repos.orders.insertNote({ orderId, authorUserId: staff.userId, text });
    await repos.audit.record(
      { userId: staff.userId, label: `user:${staff.userId}`, address: staff.address },
      { action: "order.note", target: `order:${orderId}`, details: { noteId, text } },
    );
  });
}
