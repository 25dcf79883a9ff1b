/**
 * Sign-in through the bank and identity import (ADR 029, 030): addresses, markers and the Russian
 * messages the storefront shows for them. No zod here: the /auth page and the import offer use it.
 */
import { DEFAULT_REDIRECT_PATH, isSafeRedirectPath } from "./redirect-to.ts";

/** Starts a sign-in through the bank: a plain link (it works without JavaScript), `?redirectTo=<path>`. */
export const BANK_SIGN_IN_PATH = "/api/v1/auth/bank";

/** The query parameter a finished identity import adds to the page it returns to: `1`, or an error code. */
export const PROFILE_IMPORT_PARAM = "profileImport";
export const PROFILE_IMPORT_DONE = "1";

/** Why a trip to the bank did not end in a sign-in (or an import): `/auth?error=<code>`. */
export const BANK_ERROR_MESSAGES = {
  bank_denied: "Вы отказались от входа в банке. Войдите ещё раз или по номеру телефона",
  bank_flow_expired: "Время на вход истекло или вход уже завершён. Начните вход заново",
  bank_state_mismatch:
    "Не удалось подтвердить вход: его начали в другой вкладке или окне. Начните вход заново здесь",
  bank_unavailable:
    "Банк сейчас не отвечает. Попробуйте через несколько минут или войдите по номеру телефона",
  bank_failed: "Не удалось войти через банк. Попробуйте ещё раз или войдите по номеру телефона",
  bank_rate_limited:
    "Слишком много попыток входа через банк. Подождите несколько минут или войдите по номеру телефона",
} as const;
export type BankErrorCode = keyof typeof BANK_ERROR_MESSAGES;

/** What an identity import that failed says on the page it returns to. */
export const IMPORT_ERROR_MESSAGES: Record<BankErrorCode, string> = {
  bank_denied: "Вы не разрешили передать данные из банка. Профиль остался прежним",
  bank_flow_expired: "Время на импорт истекло. Попробуйте ещё раз",
  bank_state_mismatch: "Импорт начали в другой вкладке. Попробуйте ещё раз",
  bank_unavailable: "Банк сейчас не отвечает. Попробуйте позже или заполните профиль вручную",
  bank_failed: "Не удалось получить данные из банка. Попробуйте ещё раз",
  bank_rate_limited: "Слишком много попыток импорта. Попробуйте через несколько минут",
};

export function isBankErrorCode(value: unknown): value is BankErrorCode {
  return typeof value === "string" && Object.hasOwn(BANK_ERROR_MESSAGES, value);
}

/** The bank sign-in link that comes back to `redirectTo` (a same-origin path, else nowhere in particular). */
export function bankSignInHref(redirectTo: string | null | undefined): string {
  if (!redirectTo || redirectTo === DEFAULT_REDIRECT_PATH || !isSafeRedirectPath(redirectTo)) {
    return BANK_SIGN_IN_PATH;
  }
  return `${BANK_SIGN_IN_PATH}?redirectTo=${encodeURIComponent(redirectTo)}`;
}

/** The profile fields an import can fill, in the order the offer lists them. */
export const IMPORT_FIELDS = ["surname", "name", "patronymic", "phone", "email"] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  surname: "Фамилия",
  name: "Имя",
  patronymic: "Отчество",
  phone: "Телефон",
  email: "Email",
};

/**
 * How an imported value stands against the profile: `new` (differs, may be taken), `same` (the profile
 * has it already), `invalid` (breaks the profile's rules), `taken` (a phone another account signs in with).
 */
export type ImportFieldStatus = "new" | "same" | "invalid" | "taken";

export const PHONE_TAKEN_MESSAGE =
  "Этот номер привязан к другой учётной записи Витрины, поэтому его нельзя перенести";
