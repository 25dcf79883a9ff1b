import { eq } from "drizzle-orm";
import { serverSecrets } from "./schema/index.ts";
import type { Executor } from "./unit-of-work.ts";

/**
 * The stored secret of this name; when there is none, `candidate()` is stored first. The first one
 * stored wins, so instances starting together all end up with the same secret.
 */
export async function storedSecret(db: Executor, name: string, candidate: () => string): Promise<string> {
  const read = async () => {
    const [row] = await db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, name));
    return row?.value;
  };
  const existing = await read();
  if (existing !== undefined) return existing;
  await db.insert(serverSecrets).values({ name, value: candidate() }).onConflictDoNothing();
  return (await read())!;
}
