import type { ProductCard } from "#contract/catalog.ts";
import { toCard } from "#server/domain/catalog/service.ts";
import { purgeInBatches } from "#server/domain/housekeeping.ts";
import { AppError } from "#server/errors.ts";
import type { ViewedRepository } from "./repository.ts";

/** How many recently viewed products a visitor keeps. */
export const VIEWED_KEEP = 50;

export function createViewedService(repository: ViewedRepository) {
  return {
    async record(visitorId: string, productId: number): Promise<void> {
      if (!(await repository.productExists(productId))) {
        throw new AppError("not_found", "Товар не найден", { code: "product_not_found" });
      }
      await repository.record(visitorId, productId, VIEWED_KEEP);
    },
    async list(visitorId: string | undefined, limit: number): Promise<{ items: ProductCard[] }> {
      if (!visitorId) return { items: [] };
      return { items: (await repository.list(visitorId, limit)).map(toCard) };
    },
    /** Deletes views made before `before`, `batch` rows per statement; returns how many. */
    purgeBefore: (before: Date, batch: number) =>
      purgeInBatches((n) => repository.purgeBefore(before, n), batch),
  };
}
export type ViewedService = ReturnType<typeof createViewedService>;
