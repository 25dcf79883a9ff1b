import href from "./refunds.css?url";

/** The refund queue's stylesheet, beside the operations and support screens' ones. */
export function RefundDeskStyles() {
  return <link rel="stylesheet" href={href} precedence="page" />;
}
