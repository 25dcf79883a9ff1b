import type { FactoryOpts, Masked } from "imask";

/** Spec §5/§9: a phone is complete at 18 characters, `+7 (916) 123-45-67`. */
export const PHONE_MIN_LENGTH = 18;
export const PHONE_INCOMPLETE_MESSAGE = "Заполните номер телефона полностью";
export const REQUIRED_MESSAGE = "Поле обязательно к заполнению";
export const PHONE_PLACEHOLDER = "+7 (___) ___-__-__";

/**
 * What a shopper types or pastes first is often the whole number in its everyday form: `8 916 123-45-67`,
 * `+7 916 …`, `79161234567`. The mask already shows `+7`, so a leading 7 or 8 of such a number is the
 * country prefix and is dropped, whether it comes as one keystroke into the empty field or inside a pasted
 * (or autofilled) eleven-digit number. This field is for a mobile number (SMS sign-in), and Russian mobile
 * numbers start with 9, so no real first digit is lost.
 */
function preparePhone(chunk: string, masked: Masked): string {
  const digits = chunk.replace(/\D/g, "");
  const nationalSoFar = masked.unmaskedValue.replace(/^7/, "");
  if (nationalSoFar === "" && /^[78]/.test(digits) && (digits.length === 1 || digits.length === 11)) {
    return digits.slice(1);
  }
  return digits;
}

/** The imask options of the phone field: `+7 (___) ___-__-__`, the 7 kept in the unmasked value. */
export const PHONE_MASK_OPTIONS = {
  mask: "+{7} (000) 000-00-00",
  placeholderChar: "_",
  // The mask's frame appears as the shopper types, not in an empty field (the placeholder shows it).
  lazy: true,
  prepare: (chunk: string, masked: Masked) => preparePhone(chunk, masked),
} satisfies FactoryOpts;

/** `+79161234567` → `+7 (916) 123-45-67`, as the field shows it; any other number is shown as it is. */
export function formatPhone(e164: string): string {
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(e164);
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : e164;
}

/** `+79161234567` for a complete number (what the API takes), otherwise null. */
export function phoneToE164(masked: Pick<Masked, "isComplete" | "unmaskedValue">): string | null {
  return masked.isComplete ? `+${masked.unmaskedValue}` : null;
}

/** The spec's message for an empty or incomplete phone (§5), or undefined when the shown value is whole. */
export function phoneError(shown: string): string | undefined {
  if (shown === "") return REQUIRED_MESSAGE;
  return shown.length >= PHONE_MIN_LENGTH ? undefined : PHONE_INCOMPLETE_MESSAGE;
}
