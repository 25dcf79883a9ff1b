import { sql } from "drizzle-orm";
import type { StaffRole } from "#contract/roles.ts";
import { users } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

/**
 * The embedded demo's back-office staff (README, ADR 051): they sign in by SMS like anyone, the code in the
 * stand-in outbox. A database for production gets none; `npm run operator` manages real staff.
 */
export const DEMO_STAFF: readonly { phone: string; surname: string; name: string; role: StaffRole }[] = [
  { phone: "+79000000001", surname: "Операторова", name: "Ольга", role: "operator" },
  { phone: "+79000000002", surname: "Админов", name: "Антон", role: "admin" },
];

/** Creates the demo staff, or gives them back their role; idempotent, so it runs at every embedded start. */
export async function seedDemoStaff(db: Executor): Promise<void> {
  for (const member of DEMO_STAFF) {
    await db
      .insert(users)
      .values({
        phone: member.phone,
        surname: member.surname,
        name: member.name,
        roles: ["shopper", member.role],
      })
      .onConflictDoUpdate({
        target: users.phone,
        set: {
          roles: sql`(SELECT array_agg(DISTINCT r ORDER BY r) FROM unnest(${users.roles} || ARRAY[${member.role}]::text[]) r)`,
        },
      });
  }
}
