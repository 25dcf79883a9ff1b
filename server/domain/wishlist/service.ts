import { WISHLIST_FULL_MESSAGE, WISHLIST_LIMIT } from "#contract/wishlist-rules.ts";
import type { Wishlist, WishlistIds, WishlistItem } from "#contract/wishlist.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import { type Actor, type Owner, rowOwnerOf } from "#server/domain/actor.ts";
import { toCard } from "#server/domain/catalog/service.ts";
import { purgeInBatches } from "#server/domain/housekeeping.ts";
import { AppError } from "#server/errors.ts";
import type { WishlistRepository } from "./repository.ts";

function toItem(row: { productId: number; addedAt: Date }): WishlistItem {
  return { productId: row.productId, addedAt: row.addedAt.toISOString() };
}

/**
 * The hearts (ADR 032): products a shopper keeps for later, the signed-in user's own or, before sign-in,
 * the anonymous visitor's (merged into the account at sign-in). An item is named by its product: one
 * owner holds a product once, and another owner's item is simply not there (404).
 */
export function createWishlistService(work: UnitOfWork<WishlistRepository>, limit = WISHLIST_LIMIT) {
  const repository = work.repositories;
  return {
    /**
     * Idempotent: a product already there is answered as it is (its date unchanged). One transaction per
     * owner at a time (an advisory lock), so parallel additions neither double a row nor pass the limit.
     */
    async add(owner: Owner, productId: number): Promise<WishlistItem> {
      const rows = rowOwnerOf(owner)!;
      return work.transaction(async (repository) => {
        await repository.lockOwner(rows);
        const existing = await repository.find(rows, productId);
        if (existing) return toItem(existing);
        if (!(await repository.productExists(productId))) {
          throw new AppError("not_found", "Товар не найден", { code: "product_not_found" });
        }
        if ((await repository.count(rows)) >= limit) {
          throw new AppError("conflict", WISHLIST_FULL_MESSAGE, { code: "wishlist_full" });
        }
        const inserted = await repository.insert(rows, productId);
        // Only a writer that skipped the lock could have added it meanwhile; answer what is there.
        return toItem(inserted ?? (await repository.find(rows, productId))!);
      });
    },

    /** 404 when the owner's wishlist has no such product: never there, removed already, or someone else's. */
    async remove(actor: Actor, productId: number): Promise<void> {
      const rows = rowOwnerOf(actor);
      if (!rows || !(await repository.remove(rows, productId))) {
        throw new AppError("not_found", "Этого товара нет в избранном", { code: "wishlist_item_not_found" });
      }
    },

    async productIds(actor: Actor): Promise<WishlistIds> {
      const rows = rowOwnerOf(actor);
      return { productIds: rows ? await repository.productIds(rows) : [] };
    },

    async list(actor: Actor, options: { inStock: boolean }): Promise<Wishlist> {
      const rows = rowOwnerOf(actor);
      if (!rows) return { items: [], total: 0 };
      const [items, total] = await Promise.all([
        repository.list(rows, { inStock: options.inStock, limit }),
        repository.count(rows),
      ]);
      return {
        items: items.map(({ addedAt, ...card }) => ({
          productId: card.id,
          addedAt: addedAt.toISOString(),
          product: toCard(card),
        })),
        total,
      };
    },

    /** Deletes visitors' items added before `before`, `batch` rows per statement; returns how many. */
    purgeBefore: (before: Date, batch: number) =>
      purgeInBatches((n) => repository.purgeVisitorsBefore(before, n), batch),
  };
}
export type WishlistService = ReturnType<typeof createWishlistService>;
