import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { CloseIcon } from "#app/ui/close-icon.tsx";
import { CatalogIcon } from "#app/ui/icons.tsx";
import { useMediaQuery } from "#app/ui/media.ts";
import { catalogMenuQuery } from "../api.ts";

// The panel, its styles and its data load on the first sign of interest (hover, focus, click), so pages
// pay nothing for the menu until a shopper reaches for it.
const loadPanel = () => import("./mega-menu.tsx");
const MegaMenu = lazy(loadPanel);

/** The mega-menu exists where the header shows the button: above the spec's 1200 px breakpoint. */
const DESKTOP_MEDIA_QUERY = "(min-width: 1201px)";

/**
 * The header's "Каталог" button. On desktops it opens the mega-menu (a disclosure: aria-expanded,
 * Escape and outside clicks close it, navigation too); on phones, and until the page is interactive, it
 * is a plain link to /catalog.
 */
export function CatalogMenuButton() {
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const [open, setOpen] = useState(false);
  // Once opened the panel stays mounted (hidden), so opening it again is instant.
  const [mounted, setMounted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const queryClient = useQueryClient();
  // A new key on every navigation, a link to the page already open included.
  const { key: locationKey } = useLocation();

  const warm = useCallback(() => {
    void queryClient.prefetchQuery(catalogMenuQuery());
    void loadPanel().catch(() => {});
  }, [queryClient]);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  // Going somewhere else closes the menu; so does shrinking the window to the phone layout.
  useEffect(() => {
    if (locationKey) setOpen(false);
  }, [locationKey]);
  useEffect(() => {
    if (!desktop) setOpen(false);
  }, [desktop]);

  useEffect(() => {
    if (!open) return;
    const inside = (target: EventTarget | null) =>
      target instanceof Node &&
      (!!hostRef.current?.contains(target) || !!buttonRef.current?.contains(target));
    const onPointerDown = (event: PointerEvent) => {
      if (!inside(event.target)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) {
        event.preventDefault();
        close(true);
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!inside(event.target)) close(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open, close]);

  if (!desktop) {
    return (
      <Link to="/catalog" className="catalog-button">
        <CatalogIcon size={20} />
        <span>Каталог</span>
      </Link>
    );
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="catalog-button"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => {
          setMounted(true);
          setOpen((o) => !o);
        }}
        onKeyDown={(event) => {
          // Down from the open button goes to the active section, as in a menu bar.
          if (event.key !== "ArrowDown" || !open) return;
          const tab = hostRef.current?.querySelector<HTMLElement>('[role="tab"][tabindex="0"]');
          if (!tab) return;
          event.preventDefault();
          tab.focus();
        }}
      >
        {open ? <CloseIcon size={20} /> : <CatalogIcon size={20} />}
        <span>Каталог</span>
      </button>
      <div ref={hostRef} id={panelId} className="mega-menu-host" hidden={!open}>
        {mounted ? (
          <Suspense fallback={<MegaMenuPlaceholder />}>
            <MegaMenu onClose={close} />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}

function MegaMenuPlaceholder() {
  return (
    <div className="mega-menu-host__placeholder container" role="status">
      Загружаем каталог…
    </div>
  );
}
