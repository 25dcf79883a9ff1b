import { z } from "zod";

/** Exact texts from the spec (section 5); forms and the API show these verbatim. */
export const messages = {
  required: "Поле обязательно к заполнению",
  cyrillic: "В поле должна использоваться только кириллица",
  email: "Неверный формат email",
  phone: "Заполните номер телефона полностью",
  fullName: "Введите фамилию и имя на русском языке",
} as const;

export const PHONE_MASK = "+7 (XXX) XXX-XX-XX";
export const PHONE_MIN_LENGTH = 18;

/** Letters and spaces, optionally one hyphenated second part ("Салтыков-Щедрин", "Анна-Мария"). */
const CYRILLIC = /^[А-Яа-яЁё ]+(?:-[А-Яа-яЁё ]+)?$/;
/** Two or three words of Cyrillic letters, digits and hyphens. */
const FULL_NAME = /^[0-9А-Яа-яЁё-]+(?: [0-9А-Яа-яЁё-]+){1,2}$/;
/** A filled mask: +7 (912) 345-67-89. */
const PHONE = /^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/;

const requiredString = () =>
  z.string({ error: messages.required }).trim().min(1, { error: messages.required, abort: true });

export const requiredSchema = requiredString();

export const cyrillicSchema = requiredString().regex(CYRILLIC, { error: messages.cyrillic });

export const emailSchema = requiredString().pipe(z.email({ error: messages.email }));

export const phoneSchema = requiredString()
  .min(PHONE_MIN_LENGTH, { error: messages.phone, abort: true })
  .regex(PHONE, { error: messages.phone });

/** The mask's groups, `+7 (912) 345-67-89`, and E.164 itself. */
const MASKED_PHONE = /^\+7 \((\d{3})\) (\d{3})-(\d{2})-(\d{2})$/;
const E164_PHONE = /^\+7\d{10}$/;

/**
 * For `.transform`: a Russian number as the mask shows it, or E.164, normalised to E.164
 * (`+79123456789`); anything else (shorter than the mask, not a number) is the spec's phone message.
 */
export function toE164Phone(value: string, ctx: z.RefinementCtx): string {
  const masked = MASKED_PHONE.exec(value);
  if (masked) return `+7${masked.slice(1).join("")}`;
  if (E164_PHONE.test(value)) return value;
  ctx.addIssue({ code: "custom", message: messages.phone });
  return z.NEVER;
}

export const fullNameSchema = requiredString()
  .transform((v) => v.replace(/\s+/g, " "))
  .pipe(z.string().regex(FULL_NAME, { error: messages.fullName }));

export const fullNameObjectSchema = z.object({
  surname: cyrillicSchema,
  name: cyrillicSchema,
  patronymic: cyrillicSchema,
});

/** The optional plain name field: empty is fine, anything typed must be Cyrillic. */
export const optionalNameSchema = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.string().regex(CYRILLIC, { error: messages.cyrillic }).optional());

export const policySchema = z.literal(true, { error: messages.required });
