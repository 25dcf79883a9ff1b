const METHODS = ["get", "put", "post", "delete", "patch"] as const;

/** One documented path: its template as a pattern, how many `{param}` segments it has, and its methods. */
interface PathMethods {
  segments: number;
  pattern: RegExp;
  params: number;
  allow: string[];
}

const paramCount = (template: string) => template.split("/").filter((s) => /^\{[^}]+\}$/.test(s)).length;

/** How many segments a path has, a trailing slash not counted (a template's pattern allows one). */
const segmentCount = (path: string) => path.replace(/\/$/, "").split("/").length;

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
      segments: segmentCount(template),
      pattern: templatePattern(template),
      params: paramCount(template),
      allow: METHODS.filter((m) => m in item).map((m) => m.toUpperCase()),
    })),
    ...Object.entries(extra).map(([path, allow]) => ({
      segments: segmentCount(path),
      pattern: templatePattern(path),
      params: 0,
      allow,
    })),
  ];
  // A `{param}` matches one segment, so only templates of as many segments can match a path: asked on
  // every API request, the lookup tests those few patterns instead of all of them (5.5 % of a small
  // call's CPU when it tested some 150).
  const bySegments = new Map<number, PathMethods[]>();
  for (const k of known) bySegments.set(k.segments, [...(bySegments.get(k.segments) ?? []), k]);
  return (path) => {
    // A concrete path can match several templates (`/wishlist/ids` and `/wishlist/{productId}`): the one
    // naming it most literally is the path asked for, so `DELETE /wishlist/ids` is a method that path does
    // not have (405), not a product id the other refuses (400).
    const matching = (bySegments.get(segmentCount(path)) ?? []).filter((k) => k.pattern.test(path));
    if (matching.length === 0) return undefined;
    const fewest = Math.min(...matching.map((k) => k.params));
    const allow = new Set(matching.filter((k) => k.params === fewest).flatMap((k) => k.allow));
    if (allow.has("GET")) allow.add("HEAD");
    return [...allow];
  };
}
