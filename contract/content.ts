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

/** A content page's slug: what the API takes, and what a page address may name (ADR 027). */
export const CONTENT_SLUG = /^[a-z0-9-]{1,64}$/;

export const slugParamsSchema = z.object({
  slug: z.string().regex(CONTENT_SLUG, { error: "Неверный адрес страницы" }),
});
