import pino from "pino";

export type Logger = pino.Logger;

/** Said instead of a failed query's values. */
const REDACTED_PARAMS = "params: [redacted]";

/** How each failed query of an error's chain spelled its values (drizzle's DrizzleQueryError: `params: a,b`). */
function queryParamTexts(error: unknown): string[] {
  const texts: string[] = [];
  for (let e = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    const { query, params } = e as { query?: unknown; params?: unknown };
    if (typeof query === "string" && Array.isArray(params) && params.length > 0)
      texts.push(`params: ${params}`);
  }
  return texts;
}

function withoutQueryValues(value: unknown, texts: string[], depth = 0): unknown {
  if (typeof value === "string")
    return texts.reduce((text, values) => text.replaceAll(values, REDACTED_PARAMS), value);
  if (value === null || typeof value !== "object" || depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => withoutQueryValues(item, texts, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "params")
      .map(([key, item]) => [key, withoutQueryValues(item, texts, depth + 1)]),
  );
}

/**
 * An error as the log keeps it (pino's serializer), without the values of a failed query: drizzle puts
 * them in the error's `params` and its message and stack, and they are what the shop keeps secret or
 * personal (a sign-in flow's state, nonce and PKCE verifier, the bank stand-in's codes and tokens, phone
 * numbers, addresses). The SQL itself stays, with its placeholders.
 */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error);
  const texts = queryParamTexts(error);
  return texts.length > 0 ? withoutQueryValues(serialized, texts) : serialized;
}

/** Structured JSON logs on stdout; one line per event, ready for any log shipper. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "vitrina" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: serializeError },
    },
    destination,
  );
}
