import { addresses } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

type AddressColumns = typeof addresses.$inferInsert;

/** A saved delivery address of a shopper: a courier address (street, flat, coordinates) or a pickup point. */
export async function createAddress(
  db: Executor,
  userId: number,
  address: Omit<AddressColumns, "id" | "userId">,
): Promise<{ id: number }> {
  const [row] = await db
    .insert(addresses)
    .values({ ...address, userId })
    .returning({ id: addresses.id });
  return row!;
}
