import { z } from "zod";

export const themeSchema = z.enum(["alfa", "halva"]);
export type Theme = z.infer<typeof themeSchema>;

export const publicConfigSchema = z.object({
  theme: themeSchema,
  features: z.object({
    alfaId: z.boolean(),
    cashbackInCartBtn: z.boolean(),
    topProfit: z.boolean(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
