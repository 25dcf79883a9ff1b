import href from "./orders.css?url";

/** The order pages' stylesheet (thank-you, fail, the account's orders): linked by them only, not by every page. */
export function OrdersStyles() {
  return <link rel="stylesheet" href={href} precedence="page" />;
}
