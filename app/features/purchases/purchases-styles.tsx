import href from "./purchases.css?url";

/** The purchases page's stylesheet: linked by it only. */
export function PurchasesStyles() {
  return <link rel="stylesheet" href={href} precedence="page" />;
}
