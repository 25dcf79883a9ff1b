import type { StockAlert } from "#contract/questions.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import type { SmsGateway } from "#server/domain/phone-sign-in/sms-gateway.ts";
import { backInStockText } from "#server/domain/questions/texts.ts";
import { AppError } from "#server/errors.ts";
import { handleJob, type JobHandler } from "#server/jobs/job-type.ts";
import { backInStockJob, backInStockSmsJob } from "./job.ts";
import type { StockAlertsRepository } from "./repository.ts";

const BATCH = 100;

const productNotFound = () => new AppError("not_found", "Товар не найден", { code: "product_not_found" });

/**
 * «Сообщить о поступлении» (issue 22, point 5; ADR 066): a signed-in shopper waits for a sold-out product;
 * the `back-in-stock` job finds it back on sale, claims each waiting shopper once and queues their SMS.
 * Asking again after the SMS waits again.
 */
export function createStockAlertsService(
  work: UnitOfWork<{ alerts: StockAlertsRepository }>,
  gateway: SmsGateway,
  options: { origin: string },
) {
  const { alerts } = work.repositories;

  async function state(userId: number, productId: number): Promise<StockAlert> {
    const row = await alerts.find(userId, productId);
    return {
      productId,
      waiting: row !== undefined && row.notifiedAt === null,
      notifiedAt: row?.notifiedAt?.toISOString() ?? null,
    };
  }

  return {
    async state(userId: number, productId: number): Promise<StockAlert> {
      if (!(await alerts.product(productId))) throw productNotFound();
      return state(userId, productId);
    },

    /** Waits for the product. Unknown: 404; on sale now: 409 (nothing to wait for). */
    async subscribe(userId: number, productId: number): Promise<StockAlert> {
      const product = await alerts.product(productId);
      if (!product) throw productNotFound();
      if (product.hasStock) {
        throw new AppError("conflict", "Товар уже в продаже — его можно купить", {
          code: "product_in_stock",
        });
      }
      await alerts.subscribe(userId, productId);
      return state(userId, productId);
    },

    async cancel(userId: number, productId: number): Promise<StockAlert> {
      if (!(await alerts.product(productId))) throw productNotFound();
      await alerts.cancel(userId, productId);
      return state(userId, productId);
    },

    /** Claims every waiting shopper of products back in stock, batch by batch; how many were claimed. */
    async notifyBackInStock(): Promise<number> {
      let total = 0;
      for (;;) {
        const claimed = await work.transaction((repos) => repos.alerts.claimBackInStock(BATCH));
        total += claimed.length;
        if (claimed.length < BATCH) return total;
      }
    },

    /** The SMS of one claimed subscription (the job's work); nothing without a phone or a subscription. */
    async sendSms(productId: number, userId: number): Promise<"sent" | "skipped"> {
      const row = await alerts.smsOf(productId, userId);
      if (!row?.phone) return "skipped";
      await gateway.send(row.phone, backInStockText(options.origin, productId, row.productName));
      return "sent";
    },
  };
}
export type StockAlertsService = ReturnType<typeof createStockAlertsService>;

/** The `back-in-stock` job and its SMS. */
export function stockAlertsJobs(services: { stockAlerts: StockAlertsService }): JobHandler[] {
  return [
    handleJob(backInStockJob, async (_payload, { logger }) => {
      const claimed = await services.stockAlerts.notifyBackInStock();
      if (claimed > 0) logger.info({ claimed }, "back-in-stock SMS queued");
    }),
    handleJob(backInStockSmsJob, async ({ productId, userId }, { signal }) => {
      if (signal.aborted) return;
      await services.stockAlerts.sendSms(productId, userId);
    }),
  ];
}
