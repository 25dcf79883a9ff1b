import type { AdminProduct, ProductPhotos } from "#contract/merchandising.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import type { AuditActor, AuditRepository } from "#server/domain/audit/repository.ts";
import { placeholderColour } from "#server/domain/images/placeholder.ts";
import { AppError } from "#server/errors.ts";
import type { MerchandisingRepository } from "./repository.ts";

// A product's photos as an operator orders them in /admin (issue 22, point 1; ADR 067).

export interface MerchandisingRepositories {
  merchandising: MerchandisingRepository;
  audit: AuditRepository;
}

/** How many products one search shows the operator. */
export const PRODUCT_SEARCH_LIMIT = 20;

const productNotFound = () => new AppError("not_found", "Товар не найден", { code: "product_not_found" });
export const imageNotFound = (ids: readonly string[]) =>
  new AppError("not_found", "Картинка не найдена: загрузите её заново", {
    code: "image_not_found",
    fields: ids.map((id) => ({ field: "body.imageIds", message: `Нет картинки ${id}` })),
  });

/** The alternative text of a product's photo: «<название>, фото N», as the seed writes it. */
export const photoAlt = (name: string, index: number) => `${name}, фото ${index + 1}`;

export function createProductPhotosService(work: UnitOfWork<MerchandisingRepositories>) {
  const { merchandising } = work.repositories;

  return {
    async find(query: string): Promise<AdminProduct[]> {
      return merchandising.findProducts(query, PRODUCT_SEARCH_LIMIT);
    },

    async list(productId: number): Promise<ProductPhotos> {
      const product = await merchandising.product(productId);
      if (!product) throw productNotFound();
      const photos = await merchandising.photos(productId);
      return {
        productId: product.id,
        sku: product.sku,
        name: product.name,
        photos: photos.map((p) => ({
          imageId: p.imageId,
          url: p.url,
          width: p.width,
          height: p.height,
          alt: p.alt,
          placeholder: placeholderColour(p.placeholder),
        })),
      };
    },

    /**
     * The product's photos become `imageIds`, in that order, in one transaction with the audit row: the
     * rows are written anew (url `/img/<id>`, the picture's size and placeholder, «<название>, фото N»).
     * The table's trigger drops the cached pages that showed the old ones.
     */
    async replace(actor: AuditActor, productId: number, imageIds: readonly string[]): Promise<ProductPhotos> {
      await work.transaction(async (r) => {
        const product = await r.merchandising.product(productId, true);
        if (!product) throw productNotFound();
        const found = new Map((await r.merchandising.images(imageIds)).map((i) => [i.id, i]));
        const unknown = imageIds.filter((id) => !found.has(id));
        if (unknown.length > 0) throw imageNotFound(unknown);
        const before = (await r.merchandising.photos(productId)).map((p) => p.imageId ?? p.url);
        await r.merchandising.replacePhotos(
          productId,
          imageIds.map((id, position) => {
            const image = found.get(id)!;
            return {
              position,
              url: `/img/${id}`,
              width: image.width,
              height: image.height,
              alt: photoAlt(product.name, position),
              imageId: id,
              placeholder: image.placeholder,
            };
          }),
        );
        await r.audit.record(actor, {
          action: "product.photos",
          target: `product:${productId}`,
          details: { before, after: [...imageIds] },
        });
      });
      return this.list(productId);
    },
  };
}
export type ProductPhotosService = ReturnType<typeof createProductPhotosService>;
