/**
 * Sends one SMS; throws SmsNotSentError (or anything) when the message did not go out. SMS.ru's adapter is
 * beside this file; the stand-in that sends nothing is in server/stand-ins/sms, wired by the composition root.
 */
export interface SmsGateway {
  readonly provider: string;
  send(phone: string, text: string): Promise<void>;
}

/** The gateway refused or could not be reached; the detail is for the log, never for the shopper. */
export class SmsNotSentError extends Error {
  override name = "SmsNotSentError";
}
