const METHODS = ["get", "put", "post", "delete", "patch"] as const;

/** One documented path: its template as a pattern, and the methods it answers. */
interface PathMethods {
  pattern: RegExp;
  allow: string[];
}

/** `/api/v1/products/{id}` → a pattern matching one concrete path of it. */
function templatePattern(template: string): RegExp {
  const segments = template
    .split("/")
    .map((s) => (/^\{[^}]+\}$/.test(s) ? "[^/]+" : s.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&")));
  return new RegExp(`^${segments.join("/")}/?$`);
}

/**
 * The methods each API path answers, from the OpenAPI document the routes generate (plus the few paths
 * outside it), so a wrong method on an existing path is told apart from a path that does not exist:
 * 405 with `Allow`, not 404 (ADR 027). A path answering GET answers HEAD too (Hono serves it from GET).
 */
export function allowedMethods(
  paths: Record<string, object>,
  extra: Record<string, string[]> = {},
): (path: string) => string[] | undefined {
  const known: PathMethods[] = [
    ...Object.entries(paths).map(([template, item]) => ({
      pattern: templatePattern(template),
      allow: METHODS.filter((m) => m in item).map((m) => m.toUpperCase()),
    })),
    ...Object.entries(extra).map(([path, allow]) => ({ pattern: templatePattern(path), allow })),
  ];
  return (path) => {
    // A concrete path can match more than one template (`/search/recent` and `/search/{id}`): join them.
    const allow = new Set(known.filter((k) => k.pattern.test(path)).flatMap((k) => k.allow));
    if (allow.size === 0) return undefined;
    if (allow.has("GET")) allow.add("HEAD");
    return [...allow];
  };
}
