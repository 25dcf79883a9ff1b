import type { Database } from "#server/db/client.ts";
import { createUnitOfWork } from "#server/db/unit-of-work.ts";
import type { Acquirer } from "#server/domain/payments/acquirer.ts";
import type { Taxation } from "#server/domain/payments/receipt.ts";
import { createTBankAcquirer } from "#server/domain/payments/tbank.ts";
import type { Logger } from "#server/logger.ts";
import { createAcquirerStandInRepository } from "#server/stand-ins/acquirer/repository.ts";
import {
  ACQUIRER_MOUNT,
  type AcquirerStandIn,
  type AcquirerStandInOptions,
  createAcquirerStandIn,
} from "#server/stand-ins/acquirer/stand-in.ts";

export interface AcquirerOptions {
  /** A real T-Bank terminal (ACQUIRER_URL, ACQUIRER_TERMINAL_KEY, ACQUIRER_PASSWORD); unset → the stand-in. */
  config?: { url: string; terminalKey: string; password: string } | undefined;
  /** The taxation system the receipts name (ACQUIRER_TAXATION; osn without it), at either terminal. */
  taxation?: Taxation;
  logger?: Logger;
  /** The adapter's HTTP client towards a real acquirer (tests). */
  fetch?: (request: Request) => Promise<Response>;
  /** The stand-in's way to the shop's NotificationURL (tests pass the app's own fetch) and its clock. */
  standIn?: Pick<AcquirerStandInOptions, "deliver" | "now">;
  /**
   * A test's hand on the shop's calls to the stand-in: it may answer instead of it (an acquirer that
   * fails) or pass the call on with `next`.
   */
  intercept?: (request: Request, next: (request: Request) => Promise<Response>) => Promise<Response>;
  /** Milliseconds the adapter waits for an answer (15 s by default; tests of a slow acquirer shorten it). */
  timeoutMs?: number;
}

/**
 * The acquirer the shop uses (ADR 037): the real T-Bank when configured, else the built-in stand-in,
 * reached in process through its own API handler: its PaymentURL is made on the origin of Init's
 * SuccessURL, the shop's own.
 */
export function createAcquirer(
  db: Database,
  options: AcquirerOptions = {},
): { acquirer: Acquirer; standIn: AcquirerStandIn | undefined } {
  if (options.config) {
    const { url, terminalKey, password } = options.config;
    return {
      acquirer: createTBankAcquirer({
        url,
        credentials: { terminalKey, password },
        logger: options.logger,
        fetch: options.fetch,
        taxation: options.taxation,
        timeoutMs: options.timeoutMs,
      }),
      standIn: undefined,
    };
  }
  const standIn = createAcquirerStandIn(createUnitOfWork(db, createAcquirerStandInRepository), {
    logger: options.logger,
    ...options.standIn,
  });
  const acquirer = createTBankAcquirer({
    url: (init) =>
      `${init && URL.canParse(init.successUrl) ? new URL(init.successUrl).origin : "http://localhost"}${ACQUIRER_MOUNT}`,
    credentials: () => standIn.credentials(),
    fetch: (request) =>
      options.intercept
        ? options.intercept(request, (passed) => standIn.fetch(passed))
        : standIn.fetch(request),
    logger: options.logger,
    taxation: options.taxation,
    timeoutMs: options.timeoutMs,
  });
  return { acquirer, standIn };
}
