/**
 * Marks a body-level element that stays live while a modal is open: the toasts, which the spec layers
 * above modals (z-index 5000) and which must stay clickable and announced when a dialog shows one.
 */
export const KEEP_LIVE_ATTRIBUTE = "data-ui-keep-live";

interface Child {
  tagName: string;
  hasAttribute(name: string): boolean;
}

/**
 * The body's children that become inert under the top-most modal layer `top` (null: no modal open):
 * everything but that layer, the elements kept live and scripts (nothing to make inert there). Lower
 * modal layers are included, so only the top one can be reached.
 */
export function inertTargets<T extends Child>(children: Iterable<T>, top: T | null): T[] {
  if (top === null) return [];
  return [...children].filter(
    (child) => child !== top && child.tagName !== "SCRIPT" && !child.hasAttribute(KEEP_LIVE_ATTRIBUTE),
  );
}

// Only what this module made inert is released again: an element inert for another reason stays so.
const madeInert = new Set<Element>();

/**
 * Makes everything outside `top` inert (no focus, no clicks, hidden from assistive technology), the
 * background `showModal()` would give; `null` releases it. Call whenever the top-most layer changes.
 */
export function setInertBackground(top: Element | null): void {
  const targets = new Set(inertTargets(document.body.children, top));
  for (const element of madeInert) {
    if (targets.has(element)) continue;
    element.removeAttribute("inert");
    madeInert.delete(element);
  }
  for (const element of targets) {
    if (element.hasAttribute("inert")) continue;
    element.setAttribute("inert", "");
    madeInert.add(element);
  }
}

/** The ancestor of `element` that is a direct child of the body (portals put each layer there). */
export function bodyLevelAncestor(element: Element): Element {
  let current = element;
  while (current.parentElement && current.parentElement !== document.body) current = current.parentElement;
  return current;
}
