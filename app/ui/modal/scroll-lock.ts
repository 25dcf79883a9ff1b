let locks = 0;
let saved:
  | {
      scrollX: number;
      scrollY: number;
      style: Pick<
        CSSStyleDeclaration,
        "position" | "top" | "left" | "right" | "width" | "overflow" | "paddingRight"
      >;
    }
  | undefined;

/**
 * Stops the page behind modals from scrolling; returns the unlock. Counted, so nested modals keep the lock
 * until the last one closes.
 *
 * `overflow: hidden` alone does not hold on iOS Safari: a touch drag still scrolls the page under the
 * sheet. Pinning the body with `position: fixed` at minus the scroll offset does, and the offset is
 * restored on unlock so the page is where the shopper left it. The scrollbar's width is replaced by padding
 * so the page does not shift sideways on desktop.
 */
export function lockBodyScroll(): () => void {
  const { body, documentElement } = document;
  if (locks++ === 0) {
    const { position, top, left, right, width, overflow, paddingRight } = body.style;
    saved = {
      scrollX: window.scrollX,
      scrollY: window.scrollY,
      style: { position, top, left, right, width, overflow, paddingRight },
    };
    const scrollbar = window.innerWidth - documentElement.clientWidth;
    if (scrollbar > 0) {
      const current = Number.parseFloat(getComputedStyle(body).paddingRight) || 0;
      body.style.paddingRight = `${current + scrollbar}px`;
    }
    body.style.position = "fixed";
    body.style.top = `${-saved.scrollY}px`;
    body.style.left = `${-saved.scrollX}px`;
    body.style.right = "0";
    body.style.width = "100%";
    body.style.overflow = "hidden";
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--locks === 0 && saved) {
      const { scrollX, scrollY, style } = saved;
      saved = undefined;
      Object.assign(body.style, style);
      // "instant": a smooth-scrolling page would otherwise glide back from the top.
      window.scrollTo({ left: scrollX, top: scrollY, behavior: "instant" });
    }
  };
}
