import type {
  Basket,
  BasketCount,
  BasketLine,
  BasketMutationInput,
  BasketShipment,
} from "#contract/basket.ts";
import {
  availabilityMessage,
  type BasketAvailability,
  basketTotals,
  capMessage,
  FREE_DELIVERY_FROM,
  isBuyable,
  quantityCap,
  shipmentDeliveryPrice,
  type TotalsLine,
} from "#contract/basket-rules.ts";
import { deliveryDate, deliveryPromise, localDateTime } from "#contract/delivery-dates.ts";
import type { City } from "#contract/geo.ts";
import { kopecks } from "#contract/money.ts";
import { WISHLIST_FULL_MESSAGE, WISHLIST_LIMIT } from "#contract/wishlist-rules.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import { type Actor, type Owner, type RowOwner, rowOwnerOf } from "#server/domain/actor.ts";
import { toCard } from "#server/domain/catalog/service.ts";
import { purgeInBatches } from "#server/domain/housekeeping.ts";
import { AppError } from "#server/errors.ts";
import type { BasketLineRow, BasketProduct, BasketRepository } from "./repository.ts";

/** What `basket_max_items` is when the option is missing (as the visitor → user merge assumes). */
export const DEFAULT_BASKET_MAX_ITEMS = 100;

/** `basket_max_items` from the options list, or the default when it is missing or not a positive integer. */
export function optionMaxItems(items: readonly { code: string; value: unknown }[]): number {
  const value = items.find((o) => o.code === "basket_max_items")?.value;
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : DEFAULT_BASKET_MAX_ITEMS;
}

export interface BasketServiceDeps {
  /** The `basket_max_items` option (cached reference data). */
  maxItems: () => Promise<number>;
  /** The shopper's current city (from the city cookie) and the default city (warehouse unknown). */
  currentCity: (chosenId: number | undefined) => Promise<City>;
  defaultCity: () => Promise<City>;
  now?: () => Date;
}

/** Thrown inside a change's transaction to roll it back when it applies nothing (`applied`: the key was new). */
class Unchanged extends Error {
  constructor(readonly applied: boolean) {
    super("unchanged");
  }
}

/** The line's state now, compared with what it holds. */
export function lineAvailability(
  product: { stock: number; isPreorder: boolean; isComingSoon: boolean },
  quantity: number,
  max: number,
): BasketAvailability {
  if (product.isComingSoon) return "not_sold";
  if (product.stock <= 0) return "sold_out";
  if (quantity > max) return "fewer_left";
  return product.isPreorder ? "preorder" : "in_stock";
}

/** Refuses a product that cannot go into a basket now: coming soon or sold out (409, in Russian). */
function assertSellable(product: BasketProduct): void {
  if (product.isComingSoon) {
    throw new AppError("conflict", "Товар ещё не продаётся", { code: "product_not_sold" });
  }
  if (product.stock <= 0) {
    throw new AppError("conflict", "Товар закончился", { code: "product_sold_out" });
  }
}

function toLine(row: BasketLineRow, maxItems: number): BasketLine {
  const card = toCard(row);
  const cap = quantityCap(row, maxItems);
  const availability = lineAvailability(row, row.quantity, cap.max);
  return {
    productId: row.id,
    quantity: row.quantity,
    selected: row.selected,
    product: card,
    price: card.price,
    priceWhenAdded: kopecks(row.priceWhenAdded),
    priceChanged: row.price !== row.priceWhenAdded,
    availability,
    buyable: isBuyable(availability),
    maxQuantity: cap.max,
    capReason: cap.reason,
    capMessage: capMessage(cap),
    availabilityMessage: availabilityMessage(availability, cap.max) ?? null,
    total: kopecks(row.price * row.quantity),
    totalBeforeDiscount: kopecks((row.oldPrice ?? row.price) * row.quantity),
    addedAt: row.addedAt.toISOString(),
  };
}

/**
 * The basket (commerce.md, Basket; ADR 038): one per signed-in user or anonymous visitor, lines of
 * (product, quantity, selected), every rule re-checked on every change, one change at a time per basket
 * (its row lock), each change moving the version on, and a client key so a change is applied once.
 */
export function createBasketService(work: UnitOfWork<BasketRepository>, deps: BasketServiceDeps) {
  const repository = work.repositories;
  const now = deps.now ?? (() => new Date());

  /**
   * The full answer for a basket: its lines read after the change committed, or `known` with the basket
   * (`current` read them together).
   */
  async function view(
    basket: { id: number; version: number } | undefined,
    cityId: number | undefined,
    knownMaxItems?: number,
    known?: BasketLineRow[],
  ) {
    const [maxItems, city, rows] = await Promise.all([
      knownMaxItems ?? deps.maxItems(),
      deps.currentCity(cityId),
      known ?? (basket ? repository.lines(basket.id) : Promise.resolve([])),
    ]);
    const at = now();
    const today = localDateTime(at, city.timezone).date;
    const fallback = rows.some((r) => r.warehouseTimezone === null) ? await deps.defaultCity() : undefined;
    const groups = new Map<number, { row: BasketLineRow; lines: BasketLine[] }>();
    for (const row of rows) {
      const group = groups.get(row.sellerId) ?? { row, lines: [] };
      group.lines.push(toLine(row, maxItems));
      groups.set(row.sellerId, group);
    }
    const shipments: BasketShipment[] = [];
    const buyable: TotalsLine[][] = [];
    for (const { row, lines } of groups.values()) {
      const place =
        row.warehouseTimezone !== null && row.warehouseLatitude !== null && row.warehouseLongitude !== null
          ? {
              latitude: row.warehouseLatitude,
              longitude: row.warehouseLongitude,
              timezone: row.warehouseTimezone,
            }
          : fallback!;
      const date = deliveryDate({ warehouse: place, cutoffHour: row.cutoffHour }, city, at);
      const chosen: TotalsLine[] = lines
        .filter((l) => l.selected && l.buyable)
        .map((l) => ({
          price: l.price,
          oldPrice: l.product.oldPrice,
          cashbackAmount: l.product.cashbackAmount,
          quantity: l.quantity,
        }));
      buyable.push(chosen);
      shipments.push({
        seller: { id: row.sellerId, code: row.sellerCode, name: row.sellerName },
        deliveryDate: date,
        deliveryText: deliveryPromise(date, today),
        deliveryPrice: shipmentDeliveryPrice(chosen.reduce((sum, l) => sum + l.price * l.quantity, 0)),
        lines,
      });
    }
    const answer: Basket = {
      version: basket?.version ?? 0,
      count: rows.reduce((sum, r) => sum + r.quantity, 0),
      city: { id: city.id, name: city.name },
      shipments,
      totals: basketTotals(buyable),
      freeDeliveryFrom: FREE_DELIVERY_FROM,
      maxItems,
    };
    return answer;
  }

  const notInBasket = () =>
    new AppError("not_found", "Этого товара нет в корзине", { code: "basket_line_not_found" });

  /** Applies one change inside the basket's transaction; false when it changed nothing. */
  async function apply(
    repo: BasketRepository,
    owner: RowOwner,
    basketId: number,
    change: BasketMutationInput,
    maxItems: number,
  ): Promise<boolean> {
    switch (change.intent) {
      case "add": {
        const found = await repo.productInBasket(basketId, change.productId);
        if (!found) throw new AppError("not_found", "Товар не найден", { code: "product_not_found" });
        const { product, line, lineCount } = found;
        const cap = quantityCap(product, maxItems);
        assertSellable(product);
        if (!line) {
          if (lineCount >= maxItems) {
            throw new AppError(
              "conflict",
              `В корзине уже ${maxItems} товаров. Оформите заказ или удалите ненужные, чтобы добавить новые`,
              { code: "basket_full" },
            );
          }
          await repo.insertLine(
            basketId,
            change.productId,
            Math.min(change.quantity, cap.max),
            product.price,
          );
          return true;
        }
        if (line.quantity >= cap.max) {
          throw new AppError("conflict", capMessage(cap), { code: "basket_quantity_capped" });
        }
        await repo.setQuantity(
          basketId,
          change.productId,
          Math.min(line.quantity + change.quantity, cap.max),
          product.price,
        );
        return true;
      }
      case "set_quantity": {
        const found = await repo.productInBasket(basketId, change.productId);
        if (!found?.line) throw notInBasket();
        const { product, line } = found;
        const cap = quantityCap(product, maxItems);
        // Fewer is always allowed down to one (a line that holds more than is left is brought down);
        // more only within the cap, and never for a product that cannot be bought now.
        let quantity = change.quantity;
        if (quantity > line.quantity) {
          assertSellable(product);
          if (line.quantity >= cap.max) {
            throw new AppError("conflict", capMessage(cap), { code: "basket_quantity_capped" });
          }
          quantity = Math.min(quantity, cap.max);
        }
        if (quantity === line.quantity) return false;
        await repo.setQuantity(basketId, change.productId, quantity, product.price);
        return true;
      }
      case "remove": {
        if (!(await repo.deleteLine(basketId, change.productId))) throw notInBasket();
        return true;
      }
      case "select": {
        if ((await repo.setSelected(basketId, change.selected, change.productId)) === 0) throw notInBasket();
        return true;
      }
      case "select_all":
        return (await repo.setSelected(basketId, change.selected)) > 0;
      case "move_to_wishlist": {
        if (!(await repo.deleteLine(basketId, change.productId))) throw notInBasket();
        // A full wishlist throws, and the line comes back with the rollback.
        if (!(await repo.addToWishlist(owner, change.productId, WISHLIST_LIMIT))) {
          throw new AppError("conflict", WISHLIST_FULL_MESSAGE, { code: "wishlist_full" });
        }
        return true;
      }
    }
  }

  /** The owner's basket as it is now, read with its lines in one statement. */
  async function current(rows: RowOwner, cityId: number | undefined, maxItems?: number) {
    const { basket, lines } = await repository.withLines(rows);
    return view(basket, cityId, maxItems, lines);
  }

  return {
    /** The actor's basket; an actor with no basket (or no cookie) reads an empty one, never a 401. */
    async get(actor: Actor, cityId: number | undefined): Promise<Basket> {
      const rows = rowOwnerOf(actor);
      return rows ? current(rows, cityId) : view(undefined, cityId);
    },

    /** The header's count and the cards' quantities: one indexed read. */
    async count(actor: Actor): Promise<BasketCount> {
      const rows = rowOwnerOf(actor);
      if (!rows) return { count: 0, lines: {}, version: 0 };
      const [{ version, lines }, maxItems] = await Promise.all([repository.counts(rows), deps.maxItems()]);
      return {
        count: lines.reduce((sum, l) => sum + l.quantity, 0),
        lines: Object.fromEntries(
          lines.map((l) => {
            const cap = quantityCap(l, maxItems);
            return [String(l.productId), { quantity: l.quantity, max: cap.max, capMessage: capMessage(cap) }];
          }),
        ),
        version,
      };
    },

    /**
     * One change of the owner's basket, in one transaction under the basket's row lock: the key (when
     * given) is recorded first, and a key this basket has seen is not applied again; every rule is
     * checked; the version moves on when something changed. Answers the basket after the change and
     * whether it was applied.
     */
    async mutate(
      owner: Owner,
      change: BasketMutationInput,
      options: { key?: string; cityId?: number },
    ): Promise<{ basket: Basket; applied: boolean }> {
      const rows = rowOwnerOf(owner)!;
      // Read before the transaction: on PGlite a read outside it would wait for it to end.
      const maxItems = await deps.maxItems();
      try {
        const basket = await work.transaction(async (repo) => {
          const locked = await repo.lockForChange(rows, options.key);
          if (!locked.claimed) throw new Unchanged(false);
          if (!(await apply(repo, rows, locked.id, change, maxItems))) throw new Unchanged(true);
          return locked;
        });
        return { basket: await view(basket, options.cityId, maxItems), applied: true };
      } catch (error) {
        // A key seen before, or a change that changes nothing: rolled back, the version as it was.
        if (!(error instanceof Unchanged)) throw error;
        return { basket: await current(rows, options.cityId, maxItems), applied: error.applied };
      }
    },

    /** Deletes change keys recorded before `before`, `batch` rows per statement; how many. */
    purgeKeysBefore: (before: Date, batch: number) =>
      purgeInBatches((n) => repository.purgeKeysBefore(before, n), batch),

    /** Deletes visitors' baskets untouched since `before` (their cookie has expired); how many. */
    purgeVisitorBasketsBefore: (before: Date, batch: number) =>
      purgeInBatches((n) => repository.purgeVisitorBasketsBefore(before, n), batch),
  };
}
export type BasketService = ReturnType<typeof createBasketService>;
