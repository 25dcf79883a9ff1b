import href from "./operations.css?url";

/** The operations screens' stylesheet (payment problems, stock, SMS), beside the back office's own. */
export function OperationsStyles() {
  return <link rel="stylesheet" href={href} precedence="page" />;
}
