import href from "./checkout.css?url";

/**
 * The checkout steps' own stylesheet: linked by the two step pages only, so the shop window's pages do not
 * wait for ~19 KB of checkout rules before their first paint (React 19 puts it in the head, after the app's).
 */
export function CheckoutStyles() {
  return <link rel="stylesheet" href={href} precedence="page" />;
}
