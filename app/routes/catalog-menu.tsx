import { QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { categoryTreeQuery } from "#app/features/catalog/api.ts";
import { CategoryTree } from "#app/features/catalog/components/category-tree.tsx";
import { serverApi } from "#app/lib/api-context.ts";
import { loadPageSeo, pageMeta, validateParams } from "#app/lib/page.ts";
import type { Route } from "./+types/catalog-menu";

const paramsSchema = z.object({ catMenuId: z.string().regex(/^\d{1,9}$/) });

export async function loader(args: Route.LoaderArgs) {
  validateParams(paramsSchema, args.params, args.request);
  const queryClient = new QueryClient();
  const [tree, page] = await Promise.all([
    queryClient.ensureQueryData(categoryTreeQuery(serverApi(args.context))),
    loadPageSeo(args, "Разделы каталога", queryClient),
  ]);
  return { ...page, categories: tree.items };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data);

export default function CatalogMenu({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <CategoryTree categories={loaderData.categories} />
    </>
  );
}
