// Plain rules without zod: the API's door (server/api/url-guard.ts, validation.ts) and the storefront's page loaders
// both apply them (ADR 027).

/**
 * Control characters no URL value may carry once decoded: C0, DEL and C1. NUL above all — PostgreSQL refuses
 * it in text, so it would fail the query rather than find nothing; the rest (CR/LF, ESC…) is never part of
 * an address a person or our own forms make, and is a header- or log-injection attempt. A tab is let
 * through: a text input keeps one pasted into it, and the search form submits the input as it is.
 */
const URL_CONTROL = /(?!\t)\p{Cc}/u;

/** In free text (JSON bodies) tabs and line breaks are text; other controls are not. */
const TEXT_CONTROL = /(?![\t\n\r])\p{Cc}/u;

/** Half of a surrogate pair with no other half (a whole pair is one code point, not `Cs`). */
const LONE_SURROGATE = /\p{Cs}/u;

/** A URL part decoded strictly: undefined when its percent-encoding is malformed or is not UTF-8. */
function strictDecode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    // A stray `%`, `%ZZ`, a truncated or overlong sequence, an encoded lone surrogate, bytes like %FF.
    return undefined;
  }
}

/** Why a decoded value cannot be used, if it cannot. */
function urlValueProblem(raw: string): string | undefined {
  const decoded = strictDecode(raw);
  if (decoded === undefined) return "Некорректная кодировка";
  if (URL_CONTROL.test(decoded)) return "Недопустимые символы";
  return undefined;
}

export interface UrlProblem {
  /** `path` or `query.<name>`. */
  field: string;
  message: string;
}

/**
 * The first part of a URL that no page or API operation can take: a path segment or query name or value
 * whose percent-encoding is malformed or not UTF-8, or that decodes to a control character. Such input
 * is refused at the door (400 or the not-found page), so no decoder further in can trip over it.
 */
export function findUrlProblem(url: string | URL): UrlProblem | undefined {
  const { pathname, search } = typeof url === "string" ? new URL(url) : url;
  // The URL parser percent-encodes raw control characters, so only encoded input can carry them.
  if (!pathname.includes("%") && !search.includes("%")) return undefined;
  for (const segment of pathname.split("/")) {
    const message = urlValueProblem(segment);
    if (message) return { field: "path", message };
  }
  for (const pair of search.slice(1).split("&")) {
    const at = pair.indexOf("=");
    const rawName = (at === -1 ? pair : pair.slice(0, at)).replace(/\+/g, " ");
    const nameProblem = urlValueProblem(rawName);
    const name = strictDecode(rawName) ?? rawName;
    if (nameProblem) return { field: `query.${name}`, message: nameProblem };
    const message = at === -1 ? undefined : urlValueProblem(pair.slice(at + 1).replace(/\+/g, " "));
    if (message) return { field: `query.${name}`, message };
  }
  return undefined;
}

/**
 * The path (`body.items.0.name`) of the first string in a parsed value that is not storable text: it holds
 * a control character other than tab and line breaks, or half of a surrogate pair (JSON's `\ud800`),
 * which a driver would turn into "�" or the database refuse.
 */
export function findUnsafeText(value: unknown, path: string): string | undefined {
  if (typeof value === "string") {
    return TEXT_CONTROL.test(value) || LONE_SURROGATE.test(value) ? path : undefined;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], `${path}.${i}`);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = findUnsafeText(key, path) ?? findUnsafeText(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}
