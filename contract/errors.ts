import { z } from "zod";

/** The JSON body of every failed API call. */
export const apiErrorBodySchema = z.object({
  status: z.number().int(),
  code: z.string(),
  type: z.string(),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
