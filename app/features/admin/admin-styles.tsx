import href from "./admin.css?url";

/** The back office's stylesheet: linked by its screens only, never by the shop's pages. */
export function AdminStyles() {
  return <link rel="stylesheet" href={href} precedence="page" />;
}
