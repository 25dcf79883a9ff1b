import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { recipients, users } from "#server/db/schema/index.ts";
import { sharedStatement } from "#server/db/statement-once.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

export interface RecipientRow {
  id: number;
  surname: string;
  name: string;
  patronymic: string | null;
  phone: string;
  email: string | null;
  isDefault: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface RecipientValues {
  surname: string;
  name: string;
  patronymic: string | null;
  phone: string;
  email: string | null;
}

const columns = {
  id: recipients.id,
  surname: recipients.surname,
  name: recipients.name,
  patronymic: recipients.patronymic,
  phone: recipients.phone,
  email: recipients.email,
  isDefault: recipients.isDefault,
  createdAt: recipients.createdAt,
  updatedAt: recipients.updatedAt,
};

/** Read on every delivery step: named (ADR 075) and built once for the process (ADR 077). */
const recipientsOfUser = sharedStatement("recipients_of_user", (db, name) =>
  db
    .select(columns)
    .from(recipients)
    .where(eq(recipients.userId, sql.placeholder("userId")))
    .orderBy(desc(recipients.isDefault), desc(recipients.createdAt), desc(recipients.id))
    .prepare(name),
);

/** Over the database or a transaction: every write of the service runs in one (server/db/unit-of-work.ts). */
export function createRecipientsRepository(db: Executor) {
  const own = (userId: number, id: number) => and(eq(recipients.userId, userId), eq(recipients.id, id));
  return {
    /** Locks the user's row until the transaction ends (see the addresses repository); false: no such user. */
    async lockUser(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for("no key update");
      return row !== undefined;
    },

    /** The default recipient first, then the newest. */
    list: (userId: number): Promise<RecipientRow[]> => recipientsOfUser(db).execute({ userId }),

    async byId(userId: number, id: number): Promise<RecipientRow | undefined> {
      const [row] = await db.select(columns).from(recipients).where(own(userId, id));
      return row;
    },

    async count(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(recipients).where(eq(recipients.userId, userId));
      return Number(row?.n ?? 0);
    },

    async insert(userId: number, values: RecipientValues, isDefault: boolean): Promise<RecipientRow> {
      const [row] = await db
        .insert(recipients)
        .values({ ...values, userId, isDefault })
        .returning(columns);
      return row!;
    },

    async update(userId: number, id: number, values: RecipientValues): Promise<RecipientRow | undefined> {
      const [row] = await db
        .update(recipients)
        .set({ ...values, updatedAt: sql`now()` })
        .where(own(userId, id))
        .returning(columns);
      return row;
    },

    async delete(userId: number, id: number): Promise<{ isDefault: boolean } | undefined> {
      const [row] = await db
        .delete(recipients)
        .where(own(userId, id))
        .returning({ isDefault: recipients.isDefault });
      return row;
    },

    /** Makes `id` the one default: the others first, in their own statement (the unique index is per row). */
    async makeDefault(userId: number, id: number): Promise<void> {
      await db
        .update(recipients)
        .set({ isDefault: false })
        .where(and(eq(recipients.userId, userId), eq(recipients.isDefault, true), ne(recipients.id, id)));
      await db.update(recipients).set({ isDefault: true }).where(own(userId, id));
    },

    async clearDefault(userId: number): Promise<void> {
      await db
        .update(recipients)
        .set({ isDefault: false })
        .where(and(eq(recipients.userId, userId), eq(recipients.isDefault, true)));
    },

    async newest(userId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: recipients.id })
        .from(recipients)
        .where(eq(recipients.userId, userId))
        .orderBy(desc(recipients.createdAt), desc(recipients.id))
        .limit(1);
      return row?.id;
    },
  };
}
export type RecipientsRepository = ReturnType<typeof createRecipientsRepository>;
