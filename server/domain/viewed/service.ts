import type { ProductCard } from "#contract/catalog.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import { type Actor, type Owner, rowOwnerOf } from "#server/domain/actor.ts";
import { toCard } from "#server/domain/catalog/service.ts";
import { purgeInBatches } from "#server/domain/housekeeping.ts";
import { AppError } from "#server/errors.ts";
import type { ViewedRepository } from "./repository.ts";

/** How many recently viewed products a visitor, or a signed-in user, keeps. */
export const VIEWED_KEEP = 50;

/** Recently viewed products: the signed-in user's own, else the anonymous visitor's (ADR 032). */
export function createViewedService(work: UnitOfWork<ViewedRepository>) {
  const repository = work.repositories;
  return {
    async record(owner: Owner, productId: number): Promise<void> {
      const rows = rowOwnerOf(owner)!;
      // One transaction: the existence check locks the product against deletion until the view is in, and
      // the insert and the trim to the newest 50 commit together or not at all.
      await work.transaction(async (repository) => {
        if (!(await repository.productExists(productId))) {
          throw new AppError("not_found", "Товар не найден", { code: "product_not_found" });
        }
        await repository.record(rows, productId, VIEWED_KEEP);
      });
    },
    async list(actor: Actor, limit: number): Promise<{ items: ProductCard[] }> {
      const owner = rowOwnerOf(actor);
      if (!owner) return { items: [] };
      return { items: (await repository.list(owner, limit)).map(toCard) };
    },
    /** "Очистить историю": idempotent, nothing to clear is not an error. */
    async clear(actor: Actor): Promise<void> {
      const owner = rowOwnerOf(actor);
      if (owner) await repository.clear(owner);
    },
    /** Deletes visitors' views made before `before`, `batch` rows per statement; returns how many. */
    purgeBefore: (before: Date, batch: number) =>
      purgeInBatches((n) => repository.purgeVisitorsBefore(before, n), batch),
  };
}
export type ViewedService = ReturnType<typeof createViewedService>;
