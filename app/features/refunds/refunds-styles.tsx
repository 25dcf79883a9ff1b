import href from "./refunds.css?url";

/** The refund pages' stylesheet, linked by them only. */
export function RefundsStyles() {
  return <link rel="stylesheet" href={href} precedence="page" />;
}
