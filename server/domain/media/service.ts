import type { CatalogRepository } from "#server/domain/catalog/repository.ts";
import { AppError } from "#server/errors.ts";
import { renderBrandLogo, renderProductImage } from "./images.ts";
import { renderReviewPhoto } from "./review-photo.ts";

const MAX_POSITION = 20;

export function createMediaService(catalog: CatalogRepository) {
  return {
    async productImage(productId: number, position: number): Promise<string> {
      const subject = position <= MAX_POSITION ? await catalog.findImageSubject(productId) : undefined;
      if (!subject) throw new AppError("not_found", "Изображение не найдено", { code: "image_not_found" });
      return renderProductImage({ productId, position, ...subject });
    },
    async reviewPhoto(reviewId: number, position: number): Promise<string> {
      const subject =
        position <= MAX_POSITION ? await catalog.findReviewPhotoSubject(reviewId, position) : undefined;
      if (!subject) throw new AppError("not_found", "Изображение не найдено", { code: "image_not_found" });
      return renderReviewPhoto({ reviewId, position, ...subject });
    },
    async brandLogo(code: string): Promise<string> {
      const brand = await catalog.findBrandForLogo(code);
      if (!brand) throw new AppError("not_found", "Логотип не найден", { code: "image_not_found" });
      return renderBrandLogo(code, brand.name);
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
