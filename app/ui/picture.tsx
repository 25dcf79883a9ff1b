import type { CSSProperties } from "react";
import { preload } from "react-dom";

// Catalogue pictures on pages (issue 22, point 1; ADR 061). The server makes each picture at a few widths
// (`/img/<id>/<width>`) in the best format the browser takes; a page says which widths it could use and
// how wide the picture is shown (`srcset`/`sizes`), and the browser picks by its screen.

/** The widths the image route makes (server/domain/images/variants.ts). */
export const IMAGE_WIDTHS = [160, 240, 320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export interface PictureImage {
  url: string;
  width: number;
  height: number;
  alt: string;
  placeholder?: string | undefined;
  blur?: string | undefined;
}

/** Whether `url` is a catalogue picture the image route makes at widths (older ones are whole URLs). */
const isSized = (url: string) => url.startsWith("/img/");

/** The picture at `width` (a thumbnail's, a card's …); a URL that has no widths as it is. */
export function imageSrc(url: string, width: ImageWidth): string {
  return isSized(url) ? `${url}/${width}` : url;
}

/** `srcset` of the picture at `widths`, or undefined for one that has no widths. */
export function imageSrcSet(url: string, widths: readonly ImageWidth[]): string | undefined {
  return isSized(url) ? widths.map((w) => `${url}/${w} ${w}w`).join(", ") : undefined;
}

/** What is painted until the picture arrives: its colour, and for a leading picture its blurred image. */
export function placeholderStyle(
  image: Pick<PictureImage, "placeholder" | "blur">,
): CSSProperties | undefined {
  if (!image.placeholder && !image.blur) return undefined;
  return {
    backgroundColor: image.placeholder || undefined,
    backgroundImage: image.blur ? `url(${image.blur})` : undefined,
    backgroundSize: image.blur ? "cover" : undefined,
  };
}

export function Picture({
  image,
  sizes,
  widths,
  fallbackWidth = 480,
  priority = false,
  eager = priority,
  className,
  alt,
}: {
  image: PictureImage;
  /** How wide it is shown, as `sizes` says it: "(max-width: 767px) 50vw, 240px". */
  sizes: string;
  /** The widths worth listing for this place: a card needs 240–640, the gallery 480–1280. */
  widths: readonly ImageWidth[];
  /** The `src` of browsers that know no `srcset`. */
  fallbackWidth?: ImageWidth;
  /** The largest thing on the first screen (LCP): preloaded, fetched before anything else. */
  priority?: boolean;
  eager?: boolean;
  className?: string;
  /** Overrides the picture's own alternative text ("" for a decorative copy). */
  alt?: string;
}) {
  const src = imageSrc(image.url, fallbackWidth);
  const srcSet = imageSrcSet(image.url, widths);
  if (priority) {
    // React puts the hint into <head> of the server's HTML: the browser asks for the picture while it is
    // still reading the page's head, at the width this screen will use.
    preload(src, {
      as: "image",
      fetchPriority: "high",
      ...(srcSet ? { imageSrcSet: srcSet, imageSizes: sizes } : {}),
    });
  }
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "sync" : "async"}
      style={placeholderStyle(image)}
    />
  );
}
