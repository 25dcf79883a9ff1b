import type { ProductCard } from "#contract/catalog.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import { type Actor, type Owner, visitorKeyOf } from "#server/domain/actor.ts";
import { toCard } from "#server/domain/catalog/service.ts";
import { purgeInBatches } from "#server/domain/housekeeping.ts";
import { AppError } from "#server/errors.ts";
import type { ViewedRepository } from "./repository.ts";

/** How many recently viewed products a visitor keeps. */
export const VIEWED_KEEP = 50;

export function createViewedService(work: UnitOfWork<ViewedRepository>) {
  const repository = work.repositories;
  return {
    async record(owner: Owner, productId: number): Promise<void> {
      // One transaction: the existence check locks the product against deletion until the view is in, and
      // the insert and the trim to the newest 50 commit together or not at all.
      await work.transaction(async (repository) => {
        if (!(await repository.productExists(productId))) {
          throw new AppError("not_found", "Товар не найден", { code: "product_not_found" });
        }
        await repository.record(owner.visitorId, productId, VIEWED_KEEP);
      });
    },
    async list(actor: Actor, limit: number): Promise<{ items: ProductCard[] }> {
      const visitorId = visitorKeyOf(actor);
      if (!visitorId) return { items: [] };
      return { items: (await repository.list(visitorId, limit)).map(toCard) };
    },
    /** Deletes views made before `before`, `batch` rows per statement; returns how many. */
    purgeBefore: (before: Date, batch: number) =>
      purgeInBatches((n) => repository.purgeBefore(before, n), batch),
  };
}
export type ViewedService = ReturnType<typeof createViewedService>;
