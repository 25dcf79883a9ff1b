import { users } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import { buildUser, type UserFields } from "./build-user.ts";

export { buildUser, type UserFields };

/** Inserts a user (see buildUser) and returns it with its id. */
export async function createUser(db: Executor, overrides: Partial<UserFields> = {}) {
  const [row] = await db.insert(users).values(buildUser(overrides)).returning();
  return row!;
}
