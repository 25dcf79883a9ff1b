/**
 * Spec §8: unhandled component errors are logged in Russian as a table (error, component, information),
 * so support reading a shopper's console sees at a glance what broke and where. One row per error.
 */

export type ErrorKind = "caught" | "uncaught" | "recoverable";

const KIND_TEXT: Record<ErrorKind, string> = {
  caught: "перехвачена границей ошибок",
  uncaught: "не перехвачена",
  recoverable: "восстановимая",
};

export interface ErrorTableRow {
  "Ошибка приложения": string;
  Компонент: string;
  Информация: string;
}

/** React's errorInfo: the component stack is missing for some recoverable errors. */
export interface ComponentErrorInfo {
  componentStack?: string | null | undefined;
}

/**
 * The component that threw: the first non-empty line of React's component stack, which starts with a
 * line break (`"\n    at ProductCard (…)"`).
 */
export function firstComponentLine(componentStack: string | null | undefined): string {
  const line = componentStack?.split("\n").find((part) => part.trim() !== "");
  return line?.trim() ?? "неизвестен";
}

export function errorTableRow(error: unknown, info: ComponentErrorInfo, kind: ErrorKind): ErrorTableRow {
  const message = error instanceof Error ? error.message : String(error);
  return {
    "Ошибка приложения": message,
    Компонент: firstComponentLine(info.componentStack),
    Информация: KIND_TEXT[kind],
  };
}

export function logComponentError(error: unknown, info: ComponentErrorInfo, kind: ErrorKind): void {
  console.table([errorTableRow(error, info, kind)]);
}
