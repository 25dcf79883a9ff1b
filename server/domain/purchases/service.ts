import {
  type PurchaseDates,
  type Purchases,
  REPEAT_SKIP_TEXT,
  type RepeatResult,
  type RepeatSkipReason,
} from "#contract/after-sale.ts";
import type { Owner } from "#server/domain/actor.ts";
import type { BasketService } from "#server/domain/basket/service.ts";
import { toCard } from "#server/domain/catalog/service.ts";
import { AppError } from "#server/errors.ts";
import type { PurchaseCursor, PurchasesRepository } from "./repository.ts";

export const PURCHASES_PAGE = 20;

/** The basket's refusals of an addition, as the reason a line of «Купить снова» was left out. */
const SKIP_BY_CODE: Record<string, RepeatSkipReason> = {
  product_sold_out: "sold_out",
  product_not_sold: "not_sold",
  product_not_found: "removed",
  basket_full: "basket_full",
  basket_quantity_capped: "at_limit",
};

function cursorOf(entry: { at: Date; productId: number }): string {
  return `${entry.at.getTime()}_${entry.productId}`;
}

export function parsePurchaseCursor(value: string | undefined): PurchaseCursor | undefined {
  if (!value) return undefined;
  const [at, productId] = value.split("_").map(Number);
  return { at: at!, productId: productId! };
}

/**
 * What the shopper has received (issue 20, point 5) and «Купить снова» (point 4): lines go back into the
 * basket through the basket's own service, one addition each, so every rule of the basket holds (price and
 * stock from the catalogue, the product's limit, `basket_max_items`), and what it refuses is reported.
 */
export function createPurchasesService(repository: PurchasesRepository, basket: BasketService) {
  /** Adds each line through the basket; a refused one is reported with its reason, others still go in. */
  async function putBack(
    owner: Owner,
    lines: readonly { productId: number; name: string; quantity: number }[],
    key: string | undefined,
  ): Promise<RepeatResult> {
    const result: RepeatResult = { added: [], skipped: [], basketCount: 0 };
    const quantityIn = (b: Awaited<ReturnType<BasketService["get"]>>, productId: number) =>
      b.shipments.flatMap((s) => s.lines).find((l) => l.productId === productId)?.quantity ?? 0;
    let current = await basket.get(owner, undefined);
    result.basketCount = current.count;
    for (const line of lines) {
      const before = quantityIn(current, line.productId);
      try {
        const { basket: after } = await basket.mutate(
          owner,
          { intent: "add", productId: line.productId, quantity: line.quantity },
          // A retried request (the same key) adds nothing twice: the basket remembers each line's key.
          { key: key ? `${key}:${line.productId}` : undefined },
        );
        current = after;
        result.basketCount = after.count;
        const added = quantityIn(after, line.productId) - before;
        if (added > 0) result.added.push({ productId: line.productId, name: line.name, quantity: added });
      } catch (error) {
        const reason = error instanceof AppError ? SKIP_BY_CODE[error.code] : undefined;
        if (!reason) throw error;
        result.skipped.push({
          productId: line.productId,
          name: line.name,
          reason,
          reasonText: REPEAT_SKIP_TEXT[reason],
        });
      }
    }
    return result;
  }

  return {
    /** A page of the products the user has received, newest first, with their cards as they are now. */
    async list(userId: number, before: PurchaseCursor | undefined): Promise<Purchases> {
      const rows = await repository.page(userId, PURCHASES_PAGE + 1, before);
      const page = rows.slice(0, PURCHASES_PAGE);
      const cards = new Map((await repository.cards(page.map((r) => r.productId))).map((c) => [c.id, c]));
      return {
        items: page.map((r) => ({
          product: toCard(cards.get(r.productId)!),
          purchasedAt: r.at.toISOString(),
          orderId: r.orderId,
        })),
        next: rows.length > PURCHASES_PAGE ? cursorOf(page.at(-1)!) : null,
      };
    },

    /** «Вы покупали» for the cards of a page: which of these products the user has received, and when. */
    async dates(userId: number, productIds: readonly number[]): Promise<PurchaseDates> {
      const rows = await repository.dates(userId, productIds);
      return { items: rows.map((r) => ({ productId: r.productId, purchasedAt: r.at.toISOString() })) };
    },

    /** «Купить снова» on an order: its lines that can be bought now go back into the basket. */
    async repeatOrder(owner: Extract<Owner, { kind: "user" }>, orderId: number, key?: string) {
      const lines = await repository.orderLines(owner.userId, orderId);
      if (lines.length === 0 && !(await repository.ownsOrder(owner.userId, orderId))) {
        throw new AppError("not_found", "Заказ не найден", { code: "order_not_found" });
      }
      return putBack(owner, lines, key);
    },

    /** «Купить снова» on a purchase: one unit of a product the user has received. */
    async repeatProduct(owner: Extract<Owner, { kind: "user" }>, productId: number, key?: string) {
      const [received] = await repository.dates(owner.userId, [productId]);
      const name = received && (await repository.productName(productId));
      if (!name) {
        throw new AppError("not_found", "Этого товара нет среди ваших покупок", {
          code: "product_not_found",
        });
      }
      return putBack(owner, [{ productId, name, quantity: 1 }], key);
    },
  };
}
export type PurchasesService = ReturnType<typeof createPurchasesService>;
