import { z } from "zod";
import { EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH, recipientMessages, splitFullName } from "./address-book.ts";
import { fullNameSchema, messages, toE164Phone } from "./validation.ts";

// The request bodies of the shopper's recipients (ADR 031), shared by the API and the form on
// /personal/recipients.

/** A Russian number as the mask shows it, or E.164, normalised to E.164 (`+79123456789`). */
export const recipientPhoneSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required, abort: true })
  .max(32, { error: messages.phone, abort: true })
  .transform(toE164Phone);

/** Surname, name and (optional) patronymic in one field, by the spec's full-name rule. */
export const recipientFullNameSchema = z
  .string({ error: messages.required })
  .max(FULL_NAME_MAX_LENGTH, { error: recipientMessages.fullNameTooLong, abort: true })
  .pipe(fullNameSchema)
  .transform(splitFullName);

/** Optional: empty or absent is none; anything typed must look like an email. */
export const recipientEmailSchema = z
  .string({ error: messages.email })
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: recipientMessages.emailTooLong, abort: true })
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(z.email({ error: messages.email }).nullable());

/** What `PUT /api/v1/user/recipients/{id}` takes. */
export const recipientInputSchema = z.object({
  fullName: recipientFullNameSchema,
  phone: recipientPhoneSchema,
  email: recipientEmailSchema,
});
export type RecipientInput = z.output<typeof recipientInputSchema>;
export type RecipientFormValues = z.input<typeof recipientInputSchema>;

/** What `POST /api/v1/user/recipients` takes: a recipient, and whether they become the default at once. */
export const newRecipientInputSchema = recipientInputSchema.extend({ isDefault: z.boolean().optional() });
export type NewRecipientInput = z.output<typeof newRecipientInputSchema>;
