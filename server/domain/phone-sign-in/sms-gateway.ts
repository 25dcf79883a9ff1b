import type { Logger } from "#server/logger.ts";
import type { OutboxMessage } from "./repository.ts";

/** Sends one SMS; throws SmsNotSentError (or anything) when the message did not go out. */
export interface SmsGateway {
  readonly provider: string;
  send(phone: string, text: string): Promise<void>;
}

/** The gateway refused or could not be reached; the detail is for the log, never for the shopper. */
export class SmsNotSentError extends Error {
  override name = "SmsNotSentError";
}

type RecordSms = (message: OutboxMessage) => Promise<void>;

/**
 * The default gateway (`npm start` with no SMS provider configured): nothing leaves the machine. Each
 * message becomes an outbox row and one JSON log line with the phone and the text, so whoever runs the
 * shop reads the code in the terminal. The text is the SMS itself, so this is the one place a code is
 * logged; with a real gateway configured, it never is.
 */
export function createStandInSmsGateway(record: RecordSms, logger: Logger): SmsGateway {
  return {
    provider: "stand-in",
    async send(phone, text) {
      await record({ phone, text, provider: "stand-in", providerId: null, status: "sent" });
      logger.info({ event: "sms", phone, text }, "sms");
    },
  };
}
