import { z } from "@hono/zod-openapi";
import { idParam } from "#contract/id-param.ts";
import { MAX_ROW_ID } from "#contract/numeric-id.ts";

/**
 * The `{id}` path parameter of a shopper's own row (an address, a recipient): 1 … MAX_ROW_ID in its one
 * canonical spelling, documented as an integer; anything else is the 400 with `error` on the field.
 */
export function rowIdParams(error: string, description: string) {
  return z.object({
    id: idParam(error, MAX_ROW_ID).openapi({
      param: { name: "id", in: "path" },
      description,
      type: "integer",
    }),
  });
}
