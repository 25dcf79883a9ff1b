import { z } from "zod";
import { cyrillicSchema, emailSchema, messages, phoneSchema } from "./validation.ts";

// The profile's rules, one set for the form (react-hook-form's zodResolver) and the API
// (PUT /api/v1/user/profile, the phone change), so both say the same thing in the same words (ADR 033).
// This module brings zod with it: only the profile page's own chunk and the server import it.

/** Longest surname, name or patronymic: longer than any real one, short enough for a label or an SMS. */
export const PROFILE_NAME_MAX = 60;
/** RFC 5321's limit on a whole address. */
export const PROFILE_EMAIL_MAX = 254;

export const tooLongMessage = (max: number) => `Не больше ${max} символов`;
export const CODE_REQUIRED_MESSAGE = "Введите код из СМС";
export const CODE_FORMAT_MESSAGE = "Код состоит из 6 цифр";

const requiredName = cyrillicSchema.max(PROFILE_NAME_MAX, { error: tooLongMessage(PROFILE_NAME_MAX) });

/**
 * May be left empty (`""`, null or absent, all stored as null); anything typed is held to the rule of the
 * required field it would fill.
 */
function optionalField<T extends z.ZodType<unknown, string>>(max: number, filled: T) {
  return z
    .string()
    .trim()
    .max(max, { error: tooLongMessage(max) })
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(filled.nullable());
}

/**
 * The shopper's name and email. Surname and name are required and Cyrillic (spec §5's full name object);
 * the patronymic is Cyrillic when given, but may be empty, since many people have none; the email is
 * optional (a phone signs in; receipts may go by SMS) and, when given, has to look like one. Empty
 * patronymic or email is stored as null.
 */
export const profileSchema = z.object({
  surname: requiredName,
  name: requiredName,
  patronymic: optionalField(PROFILE_NAME_MAX, cyrillicSchema),
  email: optionalField(PROFILE_EMAIL_MAX, emailSchema),
});
/** What the form holds and the API takes. */
export type ProfileInput = z.input<typeof profileSchema>;
/** What is stored. */
export type ProfileValues = z.output<typeof profileSchema>;

/** A new phone as the masked field shows it: `+7 (912) 345-67-89` (spec §5: 18 characters). */
export const phoneChangeSchema = z.object({ phone: phoneSchema });
export type PhoneChangeInput = z.input<typeof phoneChangeSchema>;

/** The new phone and the six digits texted to it. */
export const phoneConfirmSchema = z.object({
  phone: phoneSchema,
  code: z
    .string({ error: CODE_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: CODE_REQUIRED_MESSAGE, abort: true })
    .regex(/^\d{6}$/, { error: CODE_FORMAT_MESSAGE }),
});
export type PhoneConfirmInput = z.input<typeof phoneConfirmSchema>;

/** `+7 (912) 345-67-89` → `+79123456789`; the schemas above have already checked the shape. */
export function maskedPhoneToE164(masked: string): string {
  return `+${masked.replace(/\D/g, "")}`;
}

export { messages };
