import { RECENT_SEARCHES_KEEP } from "#contract/search-history-rules.ts";
import { WISHLIST_LIMIT } from "#contract/wishlist-rules.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import { VIEWED_KEEP } from "#server/domain/viewed/service.ts";
import { mergeBasketLines } from "./basket-lines.ts";
import type { VisitorMergeRepository } from "./repository.ts";

/** What `basket_max_items` is when the option is missing. */
const DEFAULT_BASKET_MAX_ITEMS = 100;

/** How many of the visitor's rows moved to the user, per kind. */
export interface MergeResult {
  wishlist: number;
  viewed: number;
  recentSearches: number;
  basketLines: number;
}

/**
 * Visitor → user (commerce.md, ADR 032): at sign-in the browser's anonymous visitor data (wishlist,
 * recently viewed, recent searches, basket) moves into the account, in one transaction. Where both hold
 * the same thing the newest moment wins, and the account's caps hold afterwards (the newest rows kept).
 * The visitor's rows are taken out as they move, so a retried or concurrent sign-in finds nothing more
 * to move; merges into one user run one at a time (an advisory lock). The visitor cookie itself stays:
 * after sign-out the browser is the same, now empty, visitor.
 */
export function createVisitorMergeService(work: UnitOfWork<VisitorMergeRepository>) {
  return {
    merge: (visitorId: string, userId: number): Promise<MergeResult> =>
      work.transaction(async (repository) => {
        await repository.lockUser(userId);
        const wishlist = await repository.moveWishlist(visitorId, userId, WISHLIST_LIMIT);
        const viewed = await repository.moveViewed(visitorId, userId, VIEWED_KEEP);
        const recentSearches = await repository.moveRecentSearches(visitorId, userId, RECENT_SEARCHES_KEEP);
        const taken = await repository.takeVisitorBasketLines(visitorId);
        if (taken.length > 0) {
          const basket = await repository.lockUserBasket(userId);
          const limits = await repository.productLimits(taken.map((line) => line.productId));
          const maxItems = await repository.basketMaxItems(DEFAULT_BASKET_MAX_ITEMS);
          await repository.saveUserBasketLines(
            basket.id,
            mergeBasketLines(basket.lines, taken, limits, maxItems),
          );
        }
        return { wishlist, viewed, recentSearches, basketLines: taken.length };
      }),
  };
}
export type VisitorMergeService = ReturnType<typeof createVisitorMergeService>;
