import { z } from "zod";

export const routeRulesQuerySchema = z.object({
  path: z
    .string()
    .max(2048)
    .regex(/^\/(?!\/)/, { error: "Путь должен начинаться с одной косой черты" }),
});

/** What the storefront must do with a path before rendering it. */
export const routeRulesSchema = z.object({
  redirect: z.object({ location: z.string(), external: z.boolean() }).nullable(),
});
export type RouteRules = z.infer<typeof routeRulesSchema>;
