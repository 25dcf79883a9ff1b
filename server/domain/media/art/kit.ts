/**
 * The drawing kit: colour arithmetic and a per-picture collector of gradients, clips and filters, so the
 * drawings stay short. Every id is numbered in drawing order, so the same drawing gives the same string.
 * Only what librsvg renders well is used: linear and radial gradients, opacity, transforms, clip paths and
 * small Gaussian blurs. No text, no fonts, no CSS, no external references.
 */

export const W = 900;
export const H = 1200;

type Rgb = [number, number, number];

function parse(hex: string): Rgb {
  const h = hex.replace("#", "");
  const full =
    h.length === 3
      ? h
          .split("")
          .map((c) => c + c)
          .join("")
      : h;
  const n = Number.parseInt(full.slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function format([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** `a` moved towards `b` by `t` (0–1). */
export function mix(a: string, b: string, t: number): string {
  const x = parse(a);
  const y = parse(b);
  return format([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
export const darken = (c: string, t: number) => mix(c, "#000000", t);

/** Perceived lightness 0–1. */
export function luma(c: string): number {
  const [r, g, b] = parse(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** A colour that reads on top of `c` (dark ink on light bodies, light on dark). */
export function contrastOn(c: string, t = 0.55): string {
  return luma(c) > 0.55 ? darken(c, t) : lighten(c, t);
}

/** A gradient stop: offset 0–1, colour, optional opacity. */
export type Stop = readonly [number, string, number?];

const n = (v: number) => (Number.isInteger(v) ? `${v}` : v.toFixed(3).replace(/0+$/, "").replace(/\.$/, ""));

/** Numbers in SVG attributes, short and stable. */
export const f = n;

function stops(list: readonly Stop[]): string {
  return list
    .map(
      ([o, c, a]) =>
        `<stop offset="${n(o)}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${n(a)}"`}/>`,
    )
    .join("");
}

/** Collects the `<defs>` of one picture. */
export class Art {
  private readonly defs: string[] = [];
  private count = 0;

  constructor(readonly colour: string) {}

  private id(prefix: string): string {
    this.count += 1;
    return `${prefix}${this.count}`;
  }

  /** A linear gradient in the shape's own box (0–1 coordinates); returns its `url(#…)`. */
  lin(list: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id("l");
    this.defs.push(
      `<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stops(list)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A radial gradient in the shape's own box; returns its `url(#…)`. */
  rad(list: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
    const id = this.id("r");
    this.defs.push(
      `<radialGradient id="${id}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fx="${n(fx)}" fy="${n(fy)}">${stops(list)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A clip path from shapes in user space; returns its `url(#…)`. */
  clip(shapes: string): string {
    const id = this.id("c");
    this.defs.push(`<clipPath id="${id}">${shapes}</clipPath>`);
    return `url(#${id})`;
  }

  /** A small Gaussian blur (keep `std` low: it costs render time). */
  blur(std: number): string {
    const id = this.id("b");
    this.defs.push(
      `<filter id="${id}" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="${n(std)}"/></filter>`,
    );
    return `url(#${id})`;
  }

  /** Light falling from the upper left on a body of colour `c`. */
  body(c: string, strength = 1, x2 = 1, y2 = 1): string {
    return this.lin(
      [
        [0, lighten(c, 0.22 * strength)],
        [0.45, c],
        [1, darken(c, 0.28 * strength)],
      ],
      0,
      0,
      x2,
      y2,
    );
  }

  /** A cylinder lit from the left (horizontal gradient with a highlight band). */
  cyl(c: string, strength = 1): string {
    return this.lin(
      [
        [0, darken(c, 0.3 * strength)],
        [0.18, lighten(c, 0.12 * strength)],
        [0.3, lighten(c, 0.3 * strength)],
        [0.5, c],
        [0.85, darken(c, 0.22 * strength)],
        [1, darken(c, 0.4 * strength)],
      ],
      0,
      0,
      1,
      0,
    );
  }

  /** A vertical cylinder's top-to-bottom shade for boxes seen from the front. */
  vert(c: string, strength = 1): string {
    return this.lin([
      [0, lighten(c, 0.18 * strength)],
      [0.6, c],
      [1, darken(c, 0.22 * strength)],
    ]);
  }

  /** A soft contact shadow under an object standing on the floor. */
  shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.35): string {
    const fill = this.rad([
      [0, "#1c1f26", opacity],
      [0.55, "#1c1f26", opacity * 0.45],
      [1, "#1c1f26", 0],
    ]);
    return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"/>`;
  }

  /** A glossy reflection band across a screen or glass. */
  gloss(opacity = 0.22): string {
    return this.lin(
      [
        [0, "#ffffff", opacity],
        [0.45, "#ffffff", opacity * 0.35],
        [0.46, "#ffffff", 0],
        [1, "#ffffff", 0],
      ],
      0,
      0,
      1,
      1,
    );
  }

  defsXml(): string {
    return this.defs.length > 0 ? `<defs>${this.defs.join("")}</defs>` : "";
  }
}

/** A rounded rectangle. */
export function rr(x: number, y: number, w: number, h: number, r: number, fill: string, extra = ""): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(r)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

export function ell(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ""): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

export function circ(cx: number, cy: number, r: number, fill: string, extra = ""): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

export function path(d: string, fill: string, extra = ""): string {
  return `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

/** A stroked line or path without fill. */
export function line(d: string, stroke: string, width: number, extra = ""): string {
  return `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"${extra ? ` ${extra}` : ""}/>`;
}

export function g(content: string, attrs = ""): string {
  return `<g${attrs ? ` ${attrs}` : ""}>${content}</g>`;
}

/** A thin dark outline that keeps white objects visible on the light backdrop. */
export const EDGE = `stroke="#000000" stroke-opacity=".14" stroke-width="2"`;
