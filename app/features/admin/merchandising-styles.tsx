import href from "./merchandising.css?url";

/** The photos' and banners' screens' stylesheet, beside the operations screens' own. */
export function MerchandisingStyles() {
  return <link rel="stylesheet" href={href} precedence="page" />;
}
