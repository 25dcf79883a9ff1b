import { lazy, Suspense } from "react";
import type { RecipientFormModal as Eager } from "./recipient-form.tsx";

// The form's code (react-hook-form, zod, the phone mask) loads when it is first opened: pages that only
// offer «Добавить получателя» (the delivery step) keep it out of their first load (ADR 039).
const Modal = lazy(() => import("./recipient-form.tsx").then((m) => ({ default: m.RecipientFormModal })));

/** RecipientFormModal, loaded on first opening. */
export function LazyRecipientFormModal(props: Parameters<typeof Eager>[0]) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
