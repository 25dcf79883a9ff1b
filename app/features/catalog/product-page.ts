import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { loaderQueries, serverApi } from "#app/lib/loader-queries.ts";
import { orNotFound, validateParams } from "#app/lib/page.ts";
import type { ProductDetail } from "#contract/catalog.ts";
import { formatRub } from "#contract/format.ts";
import { idParam } from "#contract/id-param.ts";
import { productQuery } from "./api.ts";

const paramsSchema = z.object({ productId: idParam("Page Not Found") });

/** The product a product screen is about: a malformed id is the fatal 404, an unknown one the plain 404. */
export async function loadProduct(args: { params: unknown; context: AppLoadContext; request: Request }) {
  const { productId } = validateParams(paramsSchema, args.params, args.request);
  const queryClient = loaderQueries(args.context);
  const product = await orNotFound(
    queryClient.ensureQueryData(productQuery(productId, serverApi(args.context))),
  );
  return { product, queryClient };
}

/** The search snippet: price first (what shoppers compare), then the start of the description. */
export function productDescription(product: Pick<ProductDetail, "name" | "price" | "description">): string {
  const lead = `${product.name} — ${formatRub(product.price)} на Витрине с кешбэком.`;
  const room = 160 - lead.length - 1;
  if (room < 20 || !product.description) return lead;
  const text =
    product.description.length > room
      ? `${product.description.slice(0, room - 1).trimEnd()}…`
      : product.description;
  return `${lead} ${text}`;
}
