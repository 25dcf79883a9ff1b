import { asc, eq, sql } from "drizzle-orm";
import type { StaffRole } from "#contract/roles.ts";
import { users } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import { userColumns } from "#server/domain/identity/repository.ts";

/** The back office's staff: accounts holding the operator or admin role (ADR 051). */
export function createStaffRepository(db: Executor) {
  return {
    /** The account of this phone, locked: role changes of one account queue. */
    async lockByPhone(phone: string) {
      const [row] = await db.select(userColumns).from(users).where(eq(users.phone, phone)).for("update");
      return row;
    },

    async lockById(userId: number) {
      const [row] = await db.select(userColumns).from(users).where(eq(users.id, userId)).for("update");
      return row;
    },

    /** An account for a phone nobody has signed in with yet: it signs in by SMS later. */
    async insertByPhone(phone: string) {
      const [row] = await db.insert(users).values({ phone }).returning(userColumns);
      return row!;
    },

    async setRoles(userId: number, roles: string[]) {
      const [row] = await db
        .update(users)
        .set({ roles, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning(userColumns);
      return row!;
    },

    async list() {
      return db
        .select(userColumns)
        .from(users)
        .where(sql`${users.roles} && ARRAY['operator', 'admin']::text[]`)
        .orderBy(asc(users.id));
    },

    /** How many accounts are admins: the last one cannot be removed. */
    async adminCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`'admin' = ANY(${users.roles})`);
      return row?.n ?? 0;
    },
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;

export type { StaffRole };
