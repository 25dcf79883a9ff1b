import href from "./bonus.css?url";

/** The points page's stylesheet: linked by it only. */
export function BonusStyles() {
  return <link rel="stylesheet" href={href} precedence="page" />;
}
