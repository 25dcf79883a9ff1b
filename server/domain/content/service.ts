import type { ContentPage } from "#contract/content.ts";
import { AppError } from "#server/errors.ts";
import type { ContentRepository } from "./repository.ts";

export function createContentService(repository: ContentRepository) {
  return {
    async page(slug: string): Promise<ContentPage> {
      const page = await repository.findPage(slug);
      if (!page) throw new AppError("not_found", "Страница не найдена", { code: "page_not_found" });
      return { ...page, updatedAt: page.updatedAt.toISOString() };
    },
    async pages() {
      const rows = await repository.listPages();
      return { items: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })) };
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
