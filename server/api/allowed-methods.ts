const METHODS = ["get", "put", "post", "delete", "patch"] as const;

/** One documented path: its template as a pattern, how many `{param}` segments it has, and its methods. */
interface PathMethods {
  pattern: RegExp;
  params: number;
  allow: string[];
}

const paramCount = (template: string) => template.split("/").filter((s) => /^\{[^}]+\}$/.test(s)).length;

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
      params: paramCount(template),
      allow: METHODS.filter((m) => m in item).map((m) => m.toUpperCase()),
    })),
    ...Object.entries(extra).map(([path, allow]) => ({ pattern: templatePattern(path), params: 0, allow })),
  ];
  return (path) => {
    // A concrete path can match several templates (`/wishlist/ids` and `/wishlist/{productId}`): the one
    // naming it most literally is the path asked for, so `DELETE /wishlist/ids` is a method that path does
    // not have (405), not a product id the other refuses (400).
    const matching = known.filter((k) => k.pattern.test(path));
    if (matching.length === 0) return undefined;
    const fewest = Math.min(...matching.map((k) => k.params));
    const allow = new Set(matching.filter((k) => k.params === fewest).flatMap((k) => k.allow));
    if (allow.has("GET")) allow.add("HEAD");
    return [...allow];
  };
}
