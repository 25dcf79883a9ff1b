import { useEffect } from "react";

/**
 * While `unsaved`, leaving the page (a reload, a closed tab, a typed address) asks first: the browser's
 * own "leave the site?" prompt.
 */
export function useLeaveWarning(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);
}
