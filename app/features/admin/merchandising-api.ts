import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";
import type { CatalogImage } from "#contract/catalog-images.ts";
import type { AdminBanner, BannerInput, ProductPhotos } from "#contract/merchandising.ts";

// A product's photos and the home page's banners in the back office (issue 22, points 1 and 6; ADR 067).

export const merchandisingKeys = {
  all: ["admin", "merchandising"] as const,
  products: (q: string) => [...merchandisingKeys.all, "products", q] as const,
  photos: (productId: number) => [...merchandisingKeys.all, "photos", productId] as const,
  banners: () => [...merchandisingKeys.all, "banners"] as const,
};

export function adminProductsQuery(q: string, api?: ApiClient) {
  return queryOptions({
    queryKey: merchandisingKeys.products(q),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.admin.products.$get({ query: { q } }, { init: { signal } })),
  });
}

export function productPhotosQuery(productId: number, api?: ApiClient) {
  return queryOptions({
    queryKey: merchandisingKeys.photos(productId),
    queryFn: ({ signal }) =>
      unwrap(
        (api ?? getApi()).v1.admin.products[":productId"].photos.$get(
          { param: { productId: String(productId) } },
          { init: { signal } },
        ),
      ),
  });
}

export function adminBannersQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: merchandisingKeys.banners(),
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.admin.banners.$get({}, { init: { signal } })),
  });
}

/**
 * Sends a picture to the image pipeline (the file itself as the body, as the shoppers' uploads do). A
 * refusal throws an Error with the pipeline's Russian message (size, format, damaged file).
 */
export async function uploadCatalogImage(file: File): Promise<CatalogImage> {
  let response: Response;
  try {
    response = await fetch("/api/v1/admin/images", {
      method: "POST",
      body: file,
      headers: { "content-type": file.type || "application/octet-stream" },
    });
  } catch {
    throw new Error("Нет связи с сервером. Проверьте интернет");
  }
  const body = (await response.json().catch(() => ({}))) as Partial<CatalogImage> & { message?: string };
  if (!response.ok || !body.id) throw new Error(body.message ?? "Не удалось загрузить картинку");
  return body as CatalogImage;
}

export function useSavePhotos(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageIds: string[]): Promise<ProductPhotos> =>
      unwrap(
        getApi().v1.admin.products[":productId"].photos.$put({
          param: { productId: String(productId) },
          json: { imageIds },
        }),
      ),
    onSuccess: (photos) => queryClient.setQueryData(merchandisingKeys.photos(productId), photos),
  });
}

export function useBannerActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: merchandisingKeys.banners() });
  const setList = (items: AdminBanner[]) => queryClient.setQueryData(merchandisingKeys.banners(), { items });
  // Looked up when an action runs, not while rendering: the server renders this page with no client API.
  const banners = () => getApi().v1.admin.banners;
  return {
    create: async (input: BannerInput) => {
      await unwrap(banners().$post({ json: input }));
      await refresh();
    },
    update: async (id: number, input: BannerInput) => {
      await unwrap(banners()[":id"].$put({ param: { id: String(id) }, json: input }));
      await refresh();
    },
    remove: async (id: number) => {
      await unwrap(banners()[":id"].$delete({ param: { id: String(id) } }));
      await refresh();
    },
    order: async (ids: number[]) => setList((await unwrap(banners().order.$put({ json: { ids } }))).items),
  };
}
