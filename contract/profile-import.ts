import { z } from "zod";
import { IMPORT_FIELDS } from "./bank-sign-in.ts";
import { policySchema } from "./validation.ts";

/**
 * What the identity-import offer sends (ADR 030): the fields the shopper accepted and the agreement
 * checkbox, which must be ticked (spec §5: the policy checkbox rule and its message). One schema for the
 * form (its own lazily loaded chunk) and the API.
 */
export const importApplySchema = z.object({
  fields: z.array(z.enum(IMPORT_FIELDS)).max(IMPORT_FIELDS.length),
  consent: policySchema,
});
export type ImportApplyInput = z.input<typeof importApplySchema>;
