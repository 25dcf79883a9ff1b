import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "#app/lib/api-client.ts";
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

const NETWORK_MESSAGE = "Нет связи с сервером. Проверьте интернет и попробуйте ещё раз";
const FALLBACK_MESSAGE = "Не получилось сохранить. Попробуйте ещё раз через минуту";

export interface FailureReport<F extends string> {
  /** Messages the API put on the form's own fields (`body.address` → `address`). */
  fields: Partial<Record<F, string>>;
  /** What to say when no field took the blame: the API's own sentence, or the connection. */
  message: string | undefined;
}

/** Sorts a failed call's messages onto the form's fields; anything else is one sentence for a toast. */
export function reportFailure<F extends string>(error: unknown, known: readonly F[]): FailureReport<F> {
  if (!(error instanceof ApiError)) return { fields: {}, message: FALLBACK_MESSAGE };
  if (!error.body) {
    return {
      fields: {},
      message: error.statusMessage === "Network error" ? NETWORK_MESSAGE : FALLBACK_MESSAGE,
    };
  }
  const fields: Partial<Record<F, string>> = {};
  for (const { field, message } of error.body.fields ?? []) {
    const name = field.replace(/^body\./, "") as F;
    if (known.includes(name)) fields[name] ??= message;
  }
  return {
    fields,
    message: Object.keys(fields).length > 0 ? undefined : error.body.message || FALLBACK_MESSAGE,
  };
}

/** The one sentence for a failed action without a form (select, delete). */
export function failureMessage(error: unknown): string {
  return reportFailure(error, []).message ?? FALLBACK_MESSAGE;
}
