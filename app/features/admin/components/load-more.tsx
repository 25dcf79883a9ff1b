import { Button } from "#app/ui/button.tsx";

/** «Показать ещё» under a paged list, while there is a next page. */
export function LoadMore({ next, onLoad }: { next: number | string | null; onLoad: () => Promise<void> }) {
  if (next === null) return null;
  return (
    <div className="admin-more">
      <Button variant="secondary" onClick={onLoad}>
        Показать ещё
      </Button>
    </div>
  );
}
