import { type RefObject, useEffect, useEffectEvent, useId, useState, useSyncExternalStore } from "react";
import { bodyLevelAncestor, KEEP_LIVE_ATTRIBUTE, setInertBackground } from "./background-inert.ts";
import { focusInitial, trapTabKey } from "./focus-trap.ts";
import { modalStack } from "./modal-stack.ts";
import { lockBodyScroll } from "./scroll-lock.ts";

/** Each open layer's body-level element (its portal root), by modal-stack id. */
const layerRoots = new Map<string, Element>();

/** Everything but the top-most layer (and the toasts) is inert; with no layer open, nothing is. */
function syncInertBackground(): void {
  const ids = modalStack.getSnapshot();
  const top = ids[ids.length - 1];
  setInertBackground(top === undefined ? null : (layerRoots.get(top) ?? null));
}

/**
 * What every modal layer (dialogs, sheets, the photo viewer) does while it is mounted: it registers in the
 * modal stack (which gives its z-index layer), makes the rest of the page inert, locks the page's scroll,
 * moves focus in and gives it back on close, keeps focus inside, and hands keys to `onKey` while it is the top-most layer; a key `onKey` does
 * not take (returns false) gets the Tab trap. Mount the component exactly while the layer is open.
 */
export function useModalLayer(
  panelRef: RefObject<HTMLElement | null>,
  onKey: (event: KeyboardEvent) => boolean,
): { id: string; layer: number } {
  const id = useId();
  const stack = useSyncExternalStore(modalStack.subscribe, modalStack.getSnapshot, modalStack.getSnapshot);
  // Until the open effect has registered us, we will be the next one on top.
  const registered = stack.indexOf(id);
  const layer = registered === -1 ? stack.length : registered;

  // Captured on the first render, before our own focus moves: in StrictMode the open effect runs twice, and
  // the second run would otherwise remember the dialog itself.
  const [returnFocusTo] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  // The document listeners are attached once per open; this reads the latest onKey without re-attaching.
  const handleKey = useEffectEvent((event: KeyboardEvent) => {
    const panel = panelRef.current;
    if (!panel || event.defaultPrevented || event.isComposing || !modalStack.isTop(id)) return;
    if (onKey(event)) return;
    trapTabKey(event, panel);
  });

  useEffect(() => {
    if (panelRef.current) layerRoots.set(id, bodyLevelAncestor(panelRef.current));
    modalStack.open(id);
    syncInertBackground();
    const unlock = lockBodyScroll();
    if (panelRef.current) focusInitial(panelRef.current);
    return () => {
      modalStack.close(id);
      layerRoots.delete(id);
      // The opener is inside the background: it must be live again before it can take focus back.
      syncInertBackground();
      unlock();
      if (returnFocusTo?.isConnected) returnFocusTo.focus({ preventScroll: true });
    };
  }, [id, returnFocusTo, panelRef]);

  useEffect(() => {
    // Listeners sit on the document (not the dialog) so keys work even when focus was lost to the body;
    // only the top-most layer acts, and a key already handled inside it (a select, a combobox) is left alone.
    const onKeyDown = (event: KeyboardEvent) => handleKey(event);
    // Focus that escapes anyway (a click on the page edge, a script) is brought back; the toasts above the
    // modals may keep it (their close button, a pause while focused).
    const onFocusIn = (event: FocusEvent) => {
      const panel = panelRef.current;
      if (!panel || !modalStack.isTop(id) || !(event.target instanceof Element)) return;
      if (panel.contains(event.target) || event.target.closest(`[${KEEP_LIVE_ATTRIBUTE}]`)) return;
      focusInitial(panel);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [id, panelRef]);

  return { id, layer };
}
