import { useState } from "react";
import { showToast } from "#app/ui/toast/toast-store.ts";

/** A page of a keyset-paged list; the cursor is an id, or an opaque text for lists ordered otherwise. */
export interface Page<T, C extends number | string = number> {
  items: T[];
  /** The cursor of the next page; null on the last. */
  next: C | null;
}

/**
 * «Показать ещё» under a keyset-paged list: the first page comes from the screen's query, the pages after
 * it are appended here. A new first page (other filters, a refetch) starts over.
 */
export function useMorePages<T, C extends number | string = number>(
  first: Page<T, C> | undefined,
  fetchPage: (next: C) => Promise<Page<T, C>>,
) {
  const [more, setMore] = useState<{ after: Page<T, C>; items: T[]; next: C | null } | null>(null);
  const current = more && more.after === first ? more : null;
  const next = current ? current.next : (first?.next ?? null);
  async function loadMore() {
    if (next === null || !first) return;
    try {
      const page = await fetchPage(next);
      setMore({ after: first, items: [...(current?.items ?? []), ...page.items], next: page.next });
    } catch {
      showToast({ type: "error", title: "Не удалось загрузить ещё", text: "Попробуйте ещё раз" });
    }
  }
  return { items: [...(first?.items ?? []), ...(current?.items ?? [])], next, loadMore };
}
