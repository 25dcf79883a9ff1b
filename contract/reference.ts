import { z } from "zod";

export const guidItemSchema = z.object({ code: z.string(), value: z.string() });
export const guidResponseSchema = z.object({ items: z.array(guidItemSchema) });
export type GuidResponse = z.infer<typeof guidResponseSchema>;

export const optionValueSchema = z.union([z.boolean(), z.number(), z.string()]);
export const optionItemSchema = z.object({ code: z.string(), value: optionValueSchema });
export const optionsResponseSchema = z.object({ items: z.array(optionItemSchema) });
export type OptionsResponse = z.infer<typeof optionsResponseSchema>;
export type OptionValue = z.infer<typeof optionValueSchema>;
