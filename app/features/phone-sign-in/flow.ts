import { ApiError } from "#app/lib/api-client.ts";
import { isSafeRedirectPath } from "#contract/redirect-to.ts";

/**
 * What /auth/mobile hands /confirm/auth in the history entry's state: the phone stays out of the address
 * (no number in server logs, referrers or shared links), and a reload of the code screen keeps it.
 */
export interface CodeSentState {
  /** E.164, `+79161234567`. */
  phone: string;
  /** When the code went out (epoch ms): the resend countdown counts from here, across reloads too. */
  sentAt: number;
  /** The API's `resendAfterS`. */
  resendAfterS: number;
}

const CODE_LENGTH = 6;

/** The history state of /confirm/auth, or null when the page was opened without a phone (then: back). */
export function readCodeSentState(state: unknown): CodeSentState | null {
  if (!state || typeof state !== "object") return null;
  const { phone, sentAt, resendAfterS } = state as Record<string, unknown>;
  if (typeof phone !== "string" || !/^\+7\d{10}$/.test(phone)) return null;
  if (typeof sentAt !== "number" || !Number.isFinite(sentAt)) return null;
  if (typeof resendAfterS !== "number" || !Number.isFinite(resendAfterS) || resendAfterS < 0) return null;
  return { phone, sentAt, resendAfterS };
}

/** `?redirectTo=…` carried from page to page; a value that is not a safe path is dropped, not carried. */
export function withRedirectTo(path: string, redirectTo: string | null): string {
  if (!redirectTo || !isSafeRedirectPath(redirectTo)) return path;
  return `${path}?${new URLSearchParams({ redirectTo })}`;
}

/** Whole seconds until a new code may be asked for; 0 once it may. */
export function secondsUntilResend(
  sent: Pick<CodeSentState, "sentAt" | "resendAfterS">,
  now: number,
): number {
  return Math.max(0, Math.ceil(sent.resendAfterS - (now - sent.sentAt) / 1000));
}

/** `0:59`, `1:00`: how the countdown reads. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The digits of what was typed or pasted (`12 34 56`, `Код: 123456`), at most six. */
export function codeDigits(value: string): string {
  return value.replace(/\D/g, "").slice(0, CODE_LENGTH);
}

export function isWholeCode(code: string): boolean {
  return code.length === CODE_LENGTH;
}

const NETWORK_MESSAGE = "Нет связи с сервером. Проверьте интернет и попробуйте ещё раз";
const FALLBACK_MESSAGE = "Не получилось. Попробуйте ещё раз через минуту";

/**
 * The Russian sentence to show for a failed call. The API's own message says exactly what went wrong
 * (a wrong code with the attempts left, an expired or exhausted code, the cooldown's seconds); a field's
 * message comes first when the body names one; a failure with no answer at all is the connection.
 */
export function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return FALLBACK_MESSAGE;
  if (!error.body) return error.statusMessage === "Network error" ? NETWORK_MESSAGE : FALLBACK_MESSAGE;
  return error.body.fields?.[0]?.message ?? error.body.message ?? FALLBACK_MESSAGE;
}

/**
 * The seconds until a new code may be asked for, when a code request was refused only because one went
 * out less than a minute ago (`otp_cooldown`); undefined for any other failure.
 */
export function cooldownLeft(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.body?.code !== "otp_cooldown") return undefined;
  return error.retryAfterSeconds ?? 60;
}
