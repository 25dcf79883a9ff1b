import type { StockItemView } from "#contract/admin-operations.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import type { AuditActor, AuditRepository } from "#server/domain/audit/repository.ts";
import { AppError } from "#server/errors.ts";
import type { StockDeskRepository } from "./repository.ts";

export interface StockDeskRepositories {
  stock: StockDeskRepository;
  audit: AuditRepository;
}

/** How many products one search shows the operator. */
export const STOCK_SEARCH_LIMIT = 20;

const productNotFound = () => new AppError("not_found", "Товар не найден", { code: "product_not_found" });

type Row = NonNullable<Awaited<ReturnType<StockDeskRepository["product"]>>>;

function view(row: Row, reserved: number): StockItemView {
  return {
    productId: row.productId,
    name: row.name,
    sellerName: row.sellerName,
    available: row.stock,
    reserved,
    onHand: row.stock + reserved,
    hasStock: row.hasStock,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/**
 * Stock by hand (issue 20, point 10; ADR 048): an operator counts the shelf and sets what is on it, or
 * changes it by so many units, with a reason. The shelf holds the units of orders not yet handed to
 * delivery (taken from `stock` at placement, ADR 040), so the count can never go below them: what is for
 * sale is the shelf less those. The write goes to `inventory`, whose trigger tells the catalogue (a sell-out
 * or a return drops the listings, any change the product's own page), in one transaction with the audit row.
 */
export function createStockDeskService(work: UnitOfWork<StockDeskRepositories>) {
  const { stock } = work.repositories;

  async function withReserved(rows: Row[]): Promise<StockItemView[]> {
    const reserved = await stock.reserved(rows.map((r) => r.productId));
    return rows.map((r) => view(r, reserved.get(r.productId) ?? 0));
  }

  return {
    async find(query: string): Promise<StockItemView[]> {
      return withReserved(await stock.find(query, STOCK_SEARCH_LIMIT));
    },

    async get(productId: number): Promise<StockItemView> {
      const row = await stock.product(productId);
      if (!row) throw productNotFound();
      return (await withReserved([row]))[0]!;
    },

    async adjust(
      actor: AuditActor,
      productId: number,
      change: { onHand?: number; delta?: number; reason: string },
    ): Promise<StockItemView> {
      await work.transaction(async ({ stock: repo, audit }) => {
        if (!(await repo.product(productId))) throw productNotFound();
        const available = await repo.lock(productId);
        const reserved = (await repo.reserved([productId])).get(productId) ?? 0;
        const onHand = available + reserved;
        const target = change.onHand ?? onHand + (change.delta ?? 0);
        if (target < reserved) {
          throw new AppError(
            "conflict",
            `Нельзя меньше, чем в резерве заказов: ${reserved}\u00a0шт. На складе сейчас ${onHand}\u00a0шт.`,
            { code: "below_reserved" },
          );
        }
        if (target === onHand) return;
        await repo.set(productId, target - reserved);
        await audit.record(actor, {
          action: "stock.adjust",
          target: `product:${productId}`,
          details: {
            before: { onHand, reserved, available },
            after: { onHand: target, reserved, available: target - reserved },
            ...(change.onHand === undefined ? { delta: change.delta } : { set: change.onHand }),
            reason: change.reason,
          },
        });
      });
      return this.get(productId);
    },
  };
}
export type StockDeskService = ReturnType<typeof createStockDeskService>;
