import href from "./support.css?url";

/** The support pages' stylesheet, linked by them only. */
export function SupportStyles() {
  return <link rel="stylesheet" href={href} precedence="page" />;
}
