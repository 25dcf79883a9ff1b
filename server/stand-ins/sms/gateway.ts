import pino from "pino";
import type { OutboxMessage } from "#server/domain/phone-sign-in/repository.ts";
import type { SmsGateway } from "#server/domain/phone-sign-in/sms-gateway.ts";
import type { Logger } from "#server/logger.ts";

type RecordSms = (message: OutboxMessage) => Promise<void>;

/**
 * The default gateway (`npm start` with no SMS provider configured): nothing leaves the machine. Each
 * message becomes an outbox row and one JSON log line with the phone and the text, so whoever runs the
 * shop reads the code in the terminal. The text is the SMS itself, so this is the one place a code is
 * logged; with a real gateway configured, the composition root never makes this one.
 */
export function createStandInSmsGateway(
  record: RecordSms,
  logger: Logger = pino({ level: "silent" }),
): SmsGateway {
  return {
    provider: "stand-in",
    async send(phone, text) {
      await record({ phone, text, provider: "stand-in", providerId: null, status: "sent" });
      logger.info({ event: "sms", phone, text }, "sms");
    },
  };
}
