import { productLook } from "./images.ts";
import { hash32 } from "./svg.ts";

export interface ReviewPhotoSubject {
  reviewId: number;
  position: number;
  productId: number;
  width: number;
  height: number;
}

/** Where a shopper put the product down for the picture: wall and surface colours, and what the surface shows. */
const SCENES = [
  // A wooden table by a wall.
  { wall: [35, 30, 90], surface: [28, 38, 52], pattern: "grain" },
  // A bedspread.
  { wall: [210, 25, 92], surface: [220, 30, 78], pattern: "folds" },
  // A tiled floor.
  { wall: [40, 10, 86], surface: [30, 8, 70], pattern: "tiles" },
  // A windowsill.
  { wall: [200, 55, 84], surface: [0, 0, 94], pattern: "window" },
] as const;

/**
 * A shopper's "photo" of the product: the product's own silhouette and colours (as in its catalogue
 * pictures) set down at a random angle on a household surface, lit from one side. Distinct per review and
 * per photo, drawn in a few hundred bytes of SVG with no text, so it costs nothing to render or send.
 */
export function renderReviewPhoto(s: ReviewPhotoSubject): string {
  const look = productLook(s.productId);
  const h = hash32(`review:${s.reviewId}:${s.position}`);
  const scene = SCENES[h % SCENES.length] as (typeof SCENES)[number];
  const shift = ((h >>> 3) % 41) - 20;
  const [wh, ws, wl] = scene.wall;
  const [sh, ss, sl] = scene.surface;
  const wallHue = (wh + shift + 360) % 360;
  const surfaceHue = (sh + shift + 360) % 360;
  const { width: w, height: ht } = s;
  const horizon = Math.round(ht * (0.42 + ((h >>> 7) % 20) / 100));
  const size = Math.min(w, ht);
  const scale = (0.55 + ((h >>> 11) % 30) / 100) * (size / 400);
  const cx = Math.round(w * (0.35 + ((h >>> 15) % 30) / 100));
  const cy = Math.round(Math.min(horizon + size * 0.05, ht - 180 * scale));
  const angle = ((h >>> 19) % 70) - 35;
  const lightX = (h >>> 25) % 2 === 0 ? "15%" : "85%";
  const lineColor = `hsl(${surfaceHue} ${ss}% ${sl - 14}%)`;
  let pattern = "";
  if (scene.pattern === "grain") {
    for (let i = 1; i <= 5; i++) {
      const y = horizon + Math.round(((ht - horizon) * i) / 6);
      pattern += `<path d="M0 ${y} Q${w / 2} ${y + ((i % 2) * 2 - 1) * 14} ${w} ${y}" stroke="${lineColor}" stroke-width="3" fill="none" opacity=".5"/>`;
    }
  } else if (scene.pattern === "folds") {
    pattern = `<ellipse cx="${w * 0.2}" cy="${ht * 0.9}" rx="${w * 0.45}" ry="${ht * 0.08}" fill="${lineColor}" opacity=".25"/><ellipse cx="${w * 0.85}" cy="${horizon + 40}" rx="${w * 0.4}" ry="${ht * 0.05}" fill="${lineColor}" opacity=".2"/>`;
  } else if (scene.pattern === "tiles") {
    for (let i = -4; i <= 4; i++) {
      pattern += `<path d="M${w / 2 + i * w * 0.12} ${horizon} L${w / 2 + i * w * 0.4} ${ht}" stroke="${lineColor}" stroke-width="2" opacity=".5"/>`;
    }
    for (let i = 1; i <= 3; i++) {
      const y = horizon + Math.round((ht - horizon) * (i / 4) ** 1.6);
      pattern += `<path d="M0 ${y} H${w}" stroke="${lineColor}" stroke-width="2" opacity=".5"/>`;
    }
  } else {
    const frame = `hsl(${wallHue} 15% 96%)`;
    pattern = `<rect x="${w * 0.1}" y="${horizon * 0.12}" width="${w * 0.8}" height="${horizon * 0.8}" fill="hsl(${wallHue} 65% 80%)" stroke="${frame}" stroke-width="14"/><path d="M${w / 2} ${horizon * 0.12} V${horizon * 0.92}" stroke="${frame}" stroke-width="10"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${ht}" viewBox="0 0 ${w} ${ht}">
<defs><linearGradient id="o" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${look.hue} 65% 58%)"/><stop offset="1" stop-color="hsl(${look.accent} 60% 42%)"/></linearGradient>
<radialGradient id="l" cx="${lightX}" cy="10%" r="90%"><stop offset="0" stop-color="#fff" stop-opacity=".45"/><stop offset=".6" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".28"/></radialGradient></defs>
<rect width="${w}" height="${horizon}" fill="hsl(${wallHue} ${ws}% ${wl}%)"/>
<rect y="${horizon}" width="${w}" height="${ht - horizon}" fill="hsl(${surfaceHue} ${ss}% ${sl}%)"/>
${pattern}
<ellipse cx="${cx + 14}" cy="${Math.round(cy + 150 * scale)}" rx="${Math.round(170 * scale)}" ry="${Math.round(26 * scale)}" fill="#000" opacity=".22"/>
<g transform="translate(${cx} ${cy}) rotate(${angle}) scale(${scale.toFixed(3)})" fill="url(#o)">${look.shape}</g>
<rect width="${w}" height="${ht}" fill="url(#l)"/></svg>`;
}
