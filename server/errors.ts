import type { ZodError } from "zod";
import type { ApiErrorCode, ApiErrorType } from "#contract/errors.ts";

export type ErrorType = ApiErrorType;
export type { ApiErrorCode };

const statusByType: Record<ErrorType, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

export interface FieldIssue {
  /** Dotted path of the offending field, e.g. `query.limit` or `body.items.0.qty`. */
  field: string;
  message: string;
}

/**
 * The one error domain code throws. `code` is a stable machine-readable reason (defaults to the type);
 * `message` is Russian and safe to show to a shopper.
 */
export class AppError extends Error {
  readonly type: ErrorType;
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly fields: FieldIssue[] | undefined;
  /** Seconds the client should wait before trying again: sent as `Retry-After` (429 and 503). */
  readonly retryAfterSeconds: number | undefined;
  /** Per-line reasons of a refused order placement (`order_lines_changed`), sent as `lines`. */
  readonly lines: LineIssue[] | undefined;

  constructor(
    type: ErrorType,
    message: string,
    options: {
      code?: ApiErrorCode;
      fields?: FieldIssue[];
      cause?: unknown;
      retryAfterSeconds?: number;
      lines?: LineIssue[];
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.type = type;
    this.code = options.code ?? type;
    this.status = statusByType[type];
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.lines = options.lines;
  }

  static fromZod(error: ZodError, target: string): AppError {
    const fields = error.issues.map((issue) => ({
      field: [target, ...issue.path.map(String)].join("."),
      message: issue.message,
    }));
    return new AppError("validation", "Некорректные параметры запроса", {
      code: "invalid_parameters",
      fields,
    });
  }
}

/** One line of an order that cannot be bought as shown, with the reason in Russian. */
export interface LineIssue {
  productId: number;
  code: string;
  message: string;
  price?: number;
  available?: number;
}

export interface ErrorBody {
  status: number;
  code: ApiErrorCode;
  type: ErrorType;
  message: string;
  fields?: FieldIssue[];
  lines?: LineIssue[];
}

/**
 * Maps anything thrown to the JSON error body. Unknown errors become a generic 500: their message and
 * stack go to the log, never to the client.
 */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof AppError) {
    return {
      status: error.status,
      code: error.code,
      type: error.type,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.lines ? { lines: error.lines } : {}),
    };
  }
  return { status: 500, code: "internal", type: "internal", message: "Внутренняя ошибка сервера" };
}
