import { QueryClient } from "@tanstack/react-query";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { serverApi } from "#app/lib/api-context.ts";
import { orNotFound, validateParams } from "#app/lib/page.ts";
import { productQuery } from "./api.ts";

const paramsSchema = z.object({ productId: z.coerce.number().int().positive().max(2_147_483_647) });

/** The product a product screen is about: a malformed id is the fatal 404, an unknown one the plain 404. */
export async function loadProduct(args: { params: unknown; context: AppLoadContext; request: Request }) {
  const { productId } = validateParams(paramsSchema, args.params, args.request);
  const queryClient = new QueryClient();
  const product = await orNotFound(
    queryClient.ensureQueryData(productQuery(productId, serverApi(args.context))),
  );
  return { product, queryClient };
}
