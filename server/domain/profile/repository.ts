import { eq, sql } from "drizzle-orm";
import { isUniqueViolation } from "#server/db/database-errors.ts";
import { users } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import { type UserRow, userColumns } from "#server/domain/identity/repository.ts";

/** The stored profile: surname and name required, patronymic and email null when not given. */
export interface ProfileFields {
  surname: string;
  name: string;
  patronymic: string | null;
  email: string | null;
}

export function createProfileRepository(db: Executor) {
  return {
    /** Writes the user's own profile; undefined when the user no longer exists. */
    async updateProfile(userId: number, fields: ProfileFields): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning(userColumns);
      return row;
    },

    /**
     * Moves the user's account to a new phone. `taken` when another account has it: the unique index
     * decides, so two accounts racing for one number cannot both get it.
     */
    async setPhone(userId: number, phone: string): Promise<UserRow | "taken" | undefined> {
      try {
        const [row] = await db
          .update(users)
          .set({ phone, updatedAt: sql`now()` })
          .where(eq(users.id, userId))
          .returning(userColumns);
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return "taken";
        throw error;
      }
    },

    async phoneOf(userId: number): Promise<string | null | undefined> {
      const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
      return row?.phone;
    },
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
