/**
 * What the search field shows at an address (issue 22, point 9): on a results page its query (`?q=`, or
 * the words of a readable /search/{words} address), anywhere else nothing. The header's field is mounted
 * once for the whole visit, so without this it kept what was last typed: a product or category picked
 * from its suggestions left «айф» in the field on the product page.
 */
export function searchFieldText(pathname: string, search: string): string {
  const path = pathname.replace(/\/+$/, "");
  if (path !== "/search" && !path.startsWith("/search/")) return "";
  const q = new URLSearchParams(search).get("q");
  const words = q ?? safeDecode(path.slice("/search/".length)).replace(/[-/]+/g, " ");
  return words.trim().slice(0, 200);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
