import type { OutboxMessage } from "./repository.ts";
import { type SmsGateway, SmsNotSentError } from "./sms-gateway.ts";

export const SMS_RU_URL = "https://sms.ru/sms/send";
/** A gateway that does not answer within this is given up on: the shopper can ask again. */
const SEND_TIMEOUT_MS = 10_000;

export interface SmsRuSettings {
  apiId: string;
  /** An approved sender name; SMS.ru's default sender without it. */
  sender?: string | undefined;
  /** SMS.ru's send method; a local fake in tests. */
  url?: string;
}

interface SmsRuAnswer {
  status?: string;
  status_code?: number;
  status_text?: string;
  sms?: Record<string, { status?: string; status_code?: number; sms_id?: string; status_text?: string }>;
}

/**
 * SMS.ru's HTTP API (https://sms.ru/api/send): the parameters go in a POST form rather than the URL, so the
 * api_id never lands in a proxy's access log. A message is sent when both the request and the number's
 * own entry say OK (status_code 100). The outbox row keeps the text with its digits blanked: the code is
 * never stored in clear once a real phone receives it.
 */
export function createSmsRuGateway(
  settings: SmsRuSettings,
  record: (message: OutboxMessage) => Promise<void>,
  fetchImpl: typeof fetch = fetch,
): SmsGateway {
  const url = settings.url ?? SMS_RU_URL;
  return {
    provider: "sms.ru",
    async send(phone, text) {
      const to = phone.replace(/^\+/, "");
      const form = new URLSearchParams({ api_id: settings.apiId, to, msg: text, json: "1" });
      if (settings.sender) form.set("from", settings.sender);
      const redacted = text.replace(/\d/g, "•");
      let answer: SmsRuAnswer;
      try {
        const response = await fetchImpl(url, {
          method: "POST",
          body: form,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        if (!response.ok) throw new SmsNotSentError(`sms.ru answered HTTP ${response.status}`);
        answer = (await response.json()) as SmsRuAnswer;
      } catch (error) {
        await record({ phone, text: redacted, provider: "sms.ru", providerId: null, status: "failed" });
        if (error instanceof SmsNotSentError) throw error;
        throw new SmsNotSentError("sms.ru could not be reached", { cause: error });
      }
      const entry = answer.sms?.[to];
      const sent = answer.status === "OK" && entry?.status === "OK";
      await record({
        phone,
        text: redacted,
        provider: "sms.ru",
        providerId: entry?.sms_id ?? null,
        status: sent ? "sent" : "failed",
      });
      if (!sent) {
        const code = entry?.status_code ?? answer.status_code;
        throw new SmsNotSentError(`sms.ru refused the message (status_code ${code ?? "none"})`);
      }
    },
  };
}
