import href from "./support.css?url";

/** The support queue's stylesheet, beside the operations screens' one. */
export function SupportDeskStyles() {
  return <link rel="stylesheet" href={href} precedence="page" />;
}
