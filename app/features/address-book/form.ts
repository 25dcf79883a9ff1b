import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
// zod's own messages (a wrong type…) in Russian, like the API's. These pages' chunks are where zod arrives.
import "#contract/zod-locale.ts";

/**
 * A react-hook-form resolver over a schema the API shares: the form keeps and sends the values as typed
 * (`raw`), and the API normalises them with the very same schema, so a message reads the same whichever
 * side found the fault.
 */
export function sharedSchemaResolver<T extends FieldValues>(schema: z.ZodType): Resolver<T> {
  return zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<T>;
}
