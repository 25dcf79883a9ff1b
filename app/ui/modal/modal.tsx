import { type PointerEvent, type ReactNode, type RefObject, useEffect, useRef } from "react";
import { createPortal, flushSync } from "react-dom";
import { cx } from "../class-names.ts";
import { CloseIcon } from "../close-icon.tsx";
import { useIsMobile } from "../media.ts";
import { useIsClient } from "../use-is-client.ts";
import { backdropZIndex, modalZIndex } from "./modal-stack.ts";
import { sheetOffset, shouldCloseSheet } from "./sheet-gesture.ts";
import { useModalLayer } from "./use-modal-layer.ts";

export type ModalCloseReason = "esc" | "backdrop" | "close-button" | "swipe";
/** Desktop widths: s 400 px, m 560 px, l 800 px. On phones every modal is a full-width bottom sheet. */
export type ModalSize = "s" | "m" | "l";

export interface ModalProps {
  open: boolean;
  /** The modal never closes itself: the owner decides, knowing how the user asked. */
  onClose: (reason: ModalCloseReason) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: ModalSize;
  className?: string;
}

/** How long a swiped-away sheet takes to slide out before the owner is told to close it. */
export const SHEET_LEAVE_MS = 200;

/**
 * A dialog in a portal on document.body; a bottom sheet on phones (≤ 1200 px). While open, the rest of the
 * page is inert and does not scroll (ADR 018). Rendered only in the browser: a portal needs the document,
 * and the server does not know the viewport.
 */
export function Modal(props: ModalProps) {
  const isClient = useIsClient();
  if (!props.open || !isClient) return null;
  return createPortal(<ModalDialog {...props} />, document.body);
}

const prefersReducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// Mounted exactly while open, so the effects below are "on open" (setup) and "on close" (cleanup).
function ModalDialog({ onClose, title, description, children, footer, size = "m", className }: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const isSheet = useIsMobile();
  const { id, layer: index } = useModalLayer(panelRef, (event) => {
    if (event.key !== "Escape") return false;
    event.preventDefault();
    onClose("esc");
    return true;
  });
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;

  const gesture = useSheetGesture(panelRef, () => onClose("swipe"));

  return (
    // One body-level element per layer: everything beside the top-most one is made inert.
    <div className="ui-modal-layer">
      {/* Pointer-only convenience: keyboard users have Esc and the close button. */}
      <div
        className="ui-modal-backdrop"
        style={{ zIndex: backdropZIndex(index) }}
        aria-hidden="true"
        onClick={() => onClose("backdrop")}
      />
      <div
        className={cx("ui-modal", isSheet ? "ui-modal--sheet" : `ui-modal--${size}`, className)}
        style={{ zIndex: modalZIndex(index) }}
      >
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          tabIndex={-1}
          className="ui-modal__panel"
        >
          <div className="ui-modal__head" {...(isSheet ? gesture : {})}>
            {isSheet && <span className="ui-modal__handle" aria-hidden="true" />}
            <div className="ui-modal__header">
              <h2 id={titleId} className="ui-modal__title">
                {title}
              </h2>
              <button
                type="button"
                className="ui-modal__close"
                aria-label="Закрыть"
                onClick={() => onClose("close-button")}
              >
                <CloseIcon />
              </button>
            </div>
            {description && (
              <p id={descriptionId} className="ui-modal__description">
                {description}
              </p>
            )}
          </div>
          <div className="ui-modal__body">{children}</div>
          {footer && <div className="ui-modal__footer">{footer}</div>}
        </div>
      </div>
    </div>
  );
}

interface Drag {
  pointerId: number;
  startY: number;
  startTime: number;
}

/**
 * Drag-down-to-close for the sheet's head (handle, title). The sheet follows the finger by writing its
 * transform directly: re-rendering React on every pointermove would stutter on low-end phones.
 */
function useSheetGesture(panelRef: RefObject<HTMLDivElement | null>, onSwipeClose: () => void) {
  const drag = useRef<Drag | null>(null);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  function settle(panel: HTMLDivElement) {
    drag.current = null;
    panel.classList.remove("ui-modal__panel--dragging");
  }

  function springBack(panel: HTMLDivElement) {
    settle(panel);
    panel.style.transform = "";
  }

  function swipeAway(panel: HTMLDivElement) {
    settle(panel);
    const finish = () => {
      // flushSync: if the owner closes, the sheet unmounts right here, before any paint; if the owner
      // keeps it open, it is still connected and springs back instead of staying off screen.
      flushSync(onSwipeClose);
      if (panel.isConnected) panel.style.transform = "";
    };
    if (prefersReducedMotion()) {
      finish();
      return;
    }
    panel.style.transform = "translateY(100%)";
    leaveTimer.current = setTimeout(finish, SHEET_LEAVE_MS);
  }

  return {
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      const panel = panelRef.current;
      if (!panel || drag.current || !event.isPrimary || event.button !== 0) return;
      // Capturing the pointer would steal the click from the close button (and any other control).
      if (event.target instanceof Element && event.target.closest("button, a, input, select, textarea")) {
        return;
      }
      drag.current = { pointerId: event.pointerId, startY: event.clientY, startTime: event.timeStamp };
      event.currentTarget.setPointerCapture(event.pointerId);
      panel.classList.add("ui-modal__panel--dragging");
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      const panel = panelRef.current;
      if (!panel || drag.current?.pointerId !== event.pointerId) return;
      panel.style.transform = `translateY(${sheetOffset(event.clientY - drag.current.startY)}px)`;
    },
    onPointerUp(event: PointerEvent<HTMLDivElement>) {
      const panel = panelRef.current;
      const current = drag.current;
      if (!panel || current?.pointerId !== event.pointerId) return;
      const closes = shouldCloseSheet({
        distance: event.clientY - current.startY,
        height: panel.offsetHeight,
        durationMs: event.timeStamp - current.startTime,
      });
      if (closes) swipeAway(panel);
      else springBack(panel);
    },
    onPointerCancel(event: PointerEvent<HTMLDivElement>) {
      const panel = panelRef.current;
      if (panel && drag.current?.pointerId === event.pointerId) springBack(panel);
    },
  };
}
