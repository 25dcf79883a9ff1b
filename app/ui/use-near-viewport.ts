import { type RefObject, useEffect, useState } from "react";

/**
 * Whether the element has come within `margin` of the viewport (and stays true after that): below-the-fold
 * sections that load in the browser wait for it, so they cost nothing while the page is starting up.
 * Without IntersectionObserver the answer is simply true.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = "600px"): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
