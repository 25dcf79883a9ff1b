import { z } from "zod";

export const contentPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export const contentPageListSchema = z.object({
  items: z.array(z.object({ slug: z.string(), title: z.string(), updatedAt: z.string() })),
});

export const slugParamsSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,64}$/, { error: "Неверный адрес страницы" }),
});
