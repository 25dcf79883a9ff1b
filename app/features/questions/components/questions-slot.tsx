import { lazy, Suspense, useRef } from "react";
import { useIsClient } from "#app/ui/use-is-client.ts";
import { useNearViewport } from "#app/ui/use-near-viewport.ts";

const QuestionsSection = lazy(() =>
  import("./questions-section.tsx").then((m) => ({ default: m.QuestionsSection })),
);

/**
 * «Вопросы и ответы» on the product page: the heading on the server, the questions (and the reader's own
 * pending ones) asked from the browser once the section comes near the screen, in a chunk of their own.
 */
export function QuestionsSlot({ productId }: { productId: number }) {
  const anchor = useRef<HTMLElement>(null);
  const near = useNearViewport(anchor);
  const isClient = useIsClient();
  return (
    <section
      ref={anchor}
      id="questions"
      className="product-page__section questions"
      aria-labelledby="questions-title"
      data-testid="questions"
    >
      {isClient && near ? (
        <Suspense fallback={<h2 id="questions-title">Вопросы и ответы</h2>}>
          <QuestionsSection productId={productId} />
        </Suspense>
      ) : (
        <h2 id="questions-title">Вопросы и ответы</h2>
      )}
    </section>
  );
}
