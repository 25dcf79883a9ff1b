import { joinFullName, MAX_RECIPIENTS, recipientMessages } from "#contract/address-book.ts";
import type { NewRecipientInput, RecipientInput } from "#contract/recipients.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import { AppError } from "#server/errors.ts";
import type { RecipientRow, RecipientValues, RecipientsRepository } from "./repository.ts";

/** One recipient as the API gives it. */
export interface Recipient extends RecipientRow {
  /** "Фамилия Имя Отчество", as the form shows it. */
  fullName: string;
}

const toRecipient = (row: RecipientRow): Recipient => ({ ...row, fullName: joinFullName(row) });

const valuesOf = ({ fullName, phone, email }: RecipientInput): RecipientValues => ({
  ...fullName,
  phone,
  email,
});

const notFound = () => new AppError("not_found", recipientMessages.notFound, { code: "recipient_not_found" });
const notSignedIn = () =>
  new AppError("unauthorized", "Войдите, чтобы продолжить", { code: "not_signed_in" });

/**
 * The people who may receive a signed-in shopper's orders (ADR 031). As with addresses, every write locks
 * the user's row first, so the limit holds and exactly one recipient stays the default under concurrent
 * requests; everything is scoped to the owner, so another user's id is not found.
 */
export function createRecipientsService(work: UnitOfWork<RecipientsRepository>) {
  const repository = work.repositories;
  return {
    /** The default first, then the newest. */
    async list(userId: number): Promise<Recipient[]> {
      return (await repository.list(userId)).map(toRecipient);
    },

    /** Saves a recipient; the first one is the default whatever the body says, a later one if it asks. */
    async create(userId: number, input: NewRecipientInput): Promise<Recipient> {
      return work.transaction(async (repo) => {
        if (!(await repo.lockUser(userId))) throw notSignedIn();
        const existing = await repo.count(userId);
        if (existing >= MAX_RECIPIENTS) {
          throw new AppError("conflict", recipientMessages.limit, { code: "recipient_limit" });
        }
        const isDefault = existing === 0 || input.isDefault === true;
        if (isDefault) await repo.clearDefault(userId);
        return toRecipient(await repo.insert(userId, valuesOf(input), isDefault));
      });
    },

    async update(userId: number, id: number, input: RecipientInput): Promise<Recipient> {
      const row = await repository.update(userId, id, valuesOf(input));
      if (!row) throw notFound();
      return toRecipient(row);
    },

    /** Deletes a recipient; when it was the default, the newest remaining one becomes the default. */
    async remove(userId: number, id: number): Promise<void> {
      await work.transaction(async (repo) => {
        if (!(await repo.lockUser(userId))) throw notSignedIn();
        const deleted = await repo.delete(userId, id);
        if (!deleted) throw notFound();
        if (!deleted.isDefault) return;
        const next = await repo.newest(userId);
        if (next !== undefined) await repo.makeDefault(userId, next);
      });
    },

    async makeDefault(userId: number, id: number): Promise<Recipient> {
      return work.transaction(async (repo) => {
        if (!(await repo.lockUser(userId))) throw notSignedIn();
        const row = await repo.byId(userId, id);
        if (!row) throw notFound();
        await repo.makeDefault(userId, id);
        return toRecipient({ ...row, isDefault: true });
      });
    },
  };
}
export type RecipientsService = ReturnType<typeof createRecipientsService>;
