import { lazy, Suspense } from "react";
import { useIsClient } from "#app/ui/use-is-client.ts";
import type { RecipientFieldsProps } from "./recipient-fields.tsx";

// The fields bring react-hook-form, zod and the phone mask: only a shopper who is asked for a name loads
// them, after hydration (text typed into server-rendered fields before it would be lost to the form).
const Fields = lazy(() => import("./recipient-fields.tsx").then((m) => ({ default: m.RecipientFields })));

/** RecipientFields, loaded once the page is interactive; until then a box of the fields' height. */
export function LazyRecipientFields(props: RecipientFieldsProps) {
  const placeholder = <div className="ab-recipient-fields ab-recipient-fields--loading" aria-busy="true" />;
  if (!useIsClient()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Fields {...props} />
    </Suspense>
  );
}
