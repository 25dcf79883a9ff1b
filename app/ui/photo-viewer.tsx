import { type ReactNode, type TouchEvent, useEffect, useEffectEvent, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Link } from "react-router";
import { CloseIcon } from "./close-icon.tsx";
import { modalStack, modalZIndex } from "./modal/modal-stack.ts";
import { useModalLayer } from "./modal/use-modal-layer.ts";
import { imageSrc, imageSrcSet } from "./picture.tsx";
import { useIsClient } from "./use-is-client.ts";

export interface ViewerPhoto {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface PhotoViewerProps {
  photos: readonly ViewerPhoto[];
  /** The photo shown first (clamped to the list). */
  initialIndex?: number;
  /** The viewer's accessible name. */
  label: string;
  /** Esc, the close control and (in a dialog) a tap beside the photo. */
  onClose: () => void;
  /** Page mode: the close control is this link, so it works before hydration too. */
  closeHref?: string;
  /** Page mode: extra content at the top of the viewer (the page's heading). */
  children?: ReactNode;
  /** Said when there is nothing to show. */
  emptyText?: string;
}

/** How far a finger must travel sideways for a swipe to turn the photo. */
const SWIPE_PX = 40;

const clamp = (index: number, count: number) =>
  Math.min(Math.max(Math.trunc(index) || 0, 0), Math.max(count - 1, 0));

/**
 * The full-screen photo viewer as a page of its own (a route): arrows and Esc on a keyboard, swipes on a
 * phone. For a viewer over the current page use `PhotoViewerDialog`.
 */
export function PhotoViewer({
  photos,
  initialIndex = 0,
  label,
  onClose,
  closeHref,
  children,
  emptyText,
}: PhotoViewerProps) {
  const [index, setIndex] = useState(() => clamp(initialIndex, photos.length));
  const swipe = useSwipe(photos.length, setIndex);
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    // A dialog opened above the page handles its own keys.
    if (modalStack.size > 0 || event.defaultPrevented) return;
    handleViewerKey(event, photos.length, setIndex, onClose);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);
  return (
    <section
      className="photo-viewer"
      aria-roledescription="просмотр фотографий"
      aria-label={label}
      {...swipe}
    >
      {children}
      {closeHref ? (
        <Link className="photo-viewer__close" to={closeHref} aria-label="Закрыть просмотр">
          <CloseIcon size={32} />
        </Link>
      ) : (
        <button type="button" className="photo-viewer__close" aria-label="Закрыть просмотр" onClick={onClose}>
          <CloseIcon size={32} />
        </button>
      )}
      <PhotoStage photos={photos} index={index} setIndex={setIndex} emptyText={emptyText} />
    </section>
  );
}

/**
 * The full-screen photo viewer over the current page: a modal dialog in a portal that takes focus (the
 * close button), keeps Tab inside, locks the page's scroll and gives focus back to whatever opened it.
 * Arrows turn the photos, Esc closes; on a phone, swipes turn them. Rendered while mounted.
 */
type DialogProps = Omit<PhotoViewerProps, "closeHref" | "children" | "emptyText">;

export function PhotoViewerDialog(props: DialogProps) {
  const isClient = useIsClient();
  if (!isClient) return null;
  return createPortal(<ViewerDialog {...props} />, document.body);
}

function ViewerDialog({ photos, initialIndex = 0, label, onClose }: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(() => clamp(initialIndex, photos.length));
  const swipe = useSwipe(photos.length, setIndex);
  const { layer } = useModalLayer(panelRef, (event) =>
    handleViewerKey(event, photos.length, setIndex, onClose),
  );

  return (
    <div
      ref={panelRef}
      role="dialog"
      aria-modal="true"
      aria-label={label}
      tabIndex={-1}
      className="photo-viewer photo-viewer--dialog"
      style={{ zIndex: modalZIndex(layer) }}
      {...swipe}
    >
      {/* Pointer-only convenience, as in every phone gallery: a tap beside the photo closes. */}
      <div className="photo-viewer__backdrop" aria-hidden="true" onClick={onClose} />
      <button
        type="button"
        className="photo-viewer__close"
        aria-label="Закрыть просмотр"
        onClick={onClose}
        data-autofocus
      >
        <CloseIcon size={32} />
      </button>
      <PhotoStage photos={photos} index={index} setIndex={setIndex} />
    </div>
  );
}

type SetIndex = (update: (i: number) => number) => void;

/** Horizontal swipes turn the photos (touch screens). */
function useSwipe(count: number, setIndex: SetIndex) {
  const startX = useRef<number | null>(null);
  return {
    onTouchStart: (event: TouchEvent<HTMLElement>) => {
      startX.current = event.touches[0]?.clientX ?? null;
    },
    onTouchEnd: (event: TouchEvent<HTMLElement>) => {
      const from = startX.current;
      const to = event.changedTouches[0]?.clientX;
      startX.current = null;
      if (count > 1 && from !== null && to !== undefined && Math.abs(to - from) > SWIPE_PX) {
        const delta = to < from ? 1 : -1;
        setIndex((i) => (i + delta + count) % count);
      }
    },
  };
}

/** Arrows turn the photo and Esc closes; true when the key was the viewer's. */
function handleViewerKey(
  event: KeyboardEvent,
  count: number,
  setIndex: SetIndex,
  onClose: () => void,
): boolean {
  if (event.key === "Escape") {
    event.preventDefault();
    onClose();
    return true;
  }
  if (count < 2 || (event.key !== "ArrowRight" && event.key !== "ArrowLeft")) return false;
  event.preventDefault();
  const delta = event.key === "ArrowRight" ? 1 : -1;
  setIndex((i) => (i + delta + count) % count);
  return true;
}

function PhotoStage({
  photos,
  index,
  setIndex,
  emptyText = "Фотографий пока нет.",
}: {
  photos: readonly ViewerPhoto[];
  index: number;
  setIndex: SetIndex;
  emptyText?: string | undefined;
}) {
  const count = photos.length;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const photo = photos[index];
  return (
    <>
      {photo ? (
        <figure className="photo-viewer__stage">
          <img
            key={photo.url}
            src={imageSrc(photo.url, 960)}
            srcSet={imageSrcSet(photo.url, [480, 640, 960, 1280])}
            sizes="100vw"
            width={photo.width}
            height={photo.height}
            alt={photo.alt}
          />
          <figcaption aria-live="polite">
            Фото {index + 1} из {count}
          </figcaption>
        </figure>
      ) : (
        <p>{emptyText}</p>
      )}
      {count > 1 ? (
        <div className="photo-viewer__nav">
          <button type="button" onClick={() => go(-1)} aria-label="Предыдущее фото">
            ‹
          </button>
          <button type="button" onClick={() => go(1)} aria-label="Следующее фото">
            ›
          </button>
        </div>
      ) : null}
    </>
  );
}
