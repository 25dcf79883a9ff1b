import { ApiError } from "./api-client.ts";

const NETWORK_MESSAGE = "Нет связи с сервером. Проверьте интернет и попробуйте ещё раз";
const FALLBACK_MESSAGE = "Не получилось сохранить. Попробуйте ещё раз через минуту";

export interface FailureReport<F extends string> {
  /** Messages the API put on the form's own fields (`body.surname` → `surname`). */
  fields: Partial<Record<F, string>>;
  /** What to say when no field took the blame: the API's own sentence, or the connection. */
  message: string | undefined;
}

/**
 * Sorts a failed call's messages onto a form: a field the API named (an API 400's `fields`) gets its
 * message under it, the same spec texts the form itself shows; an `otp_*` refusal belongs to `codeField`
 * when the form has one; anything else is one sentence for a toast.
 */
export function reportFailure<F extends string>(
  error: unknown,
  known: readonly F[],
  codeField?: F,
): FailureReport<F> {
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
  if (codeField && error.body.code.startsWith("otp_")) fields[codeField] ??= error.body.message;
  return {
    fields,
    message: Object.keys(fields).length > 0 ? undefined : error.body.message || FALLBACK_MESSAGE,
  };
}

/** The one sentence for a failed action without a form (select, delete, sign out a device). */
export function failureMessage(error: unknown): string {
  return reportFailure(error, []).message ?? FALLBACK_MESSAGE;
}
