/**
 * A shopper's photo of a product for the seeded reviews (issue 22, point 1; ADR 061, 069): the product's
 * own drawing (its kind, in its colour, as on its catalogue pictures) put down at an angle on a household
 * surface — a wooden table, a bedspread, a tiled floor, a windowsill — lit from one side, in the frame of
 * a phone camera (upright, landscape or square). No text. Rendered by the image pipeline like any drawing.
 */
import { hash32 } from "#server/domain/media/svg.ts";
import { type Art, H, W } from "./kit.ts";

/**
 * The shots a product's review photos are drawn from, per kind and colour: four in each frame, each on a
 * different surface, so a review's four photos never repeat one another.
 */
export const SHOPPER_PHOTO_SHOTS = 12;

/** The frame of a shot: phone photos are mostly upright, some landscape, some square. */
export function shopperPhotoFrame(shot: number): { width: number; height: number } {
  const frames = [
    { width: 900, height: 1200 },
    { width: 1200, height: 900 },
    { width: 1050, height: 1050 },
  ] as const;
  return frames[shot % frames.length]!;
}

/** Where the shopper put the product: wall and surface (hue, saturation, lightness) and the surface's look. */
const SCENES = [
  { wall: [35, 30, 90], surface: [28, 38, 52], pattern: "grain" },
  { wall: [210, 25, 92], surface: [220, 30, 78], pattern: "folds" },
  { wall: [40, 10, 86], surface: [30, 8, 70], pattern: "tiles" },
  { wall: [200, 55, 84], surface: [0, 0, 94], pattern: "window" },
] as const;

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h)} ${s}% ${l}%)`;

function surfacePattern(
  pattern: string,
  w: number,
  ht: number,
  horizon: number,
  line: string,
  wallHue: number,
) {
  let out = "";
  if (pattern === "grain") {
    for (let i = 1; i <= 5; i++) {
      const y = horizon + Math.round(((ht - horizon) * i) / 6);
      out += `<path d="M0 ${y} Q${w / 2} ${y + ((i % 2) * 2 - 1) * 14} ${w} ${y}" stroke="${line}" stroke-width="3" fill="none" opacity=".5"/>`;
    }
  } else if (pattern === "folds") {
    out = `<ellipse cx="${w * 0.2}" cy="${ht * 0.92}" rx="${w * 0.45}" ry="${ht * 0.08}" fill="${line}" opacity=".25"/><ellipse cx="${w * 0.85}" cy="${horizon + 40}" rx="${w * 0.4}" ry="${ht * 0.05}" fill="${line}" opacity=".2"/>`;
  } else if (pattern === "tiles") {
    for (let i = -4; i <= 4; i++)
      out += `<path d="M${w / 2 + i * w * 0.12} ${horizon} L${w / 2 + i * w * 0.4} ${ht}" stroke="${line}" stroke-width="2" opacity=".5"/>`;
    for (let i = 1; i <= 3; i++) {
      const y = horizon + Math.round((ht - horizon) * (i / 4) ** 1.6);
      out += `<path d="M0 ${y} H${w}" stroke="${line}" stroke-width="2" opacity=".5"/>`;
    }
  } else {
    const frame = hsl(wallHue, 15, 96);
    out = `<rect x="${w * 0.1}" y="${horizon * 0.12}" width="${w * 0.8}" height="${horizon * 0.8}" fill="${hsl(wallHue, 65, 80)}" stroke="${frame}" stroke-width="14"/><path d="M${w / 2} ${horizon * 0.12} V${horizon * 0.92}" stroke="${frame}" stroke-width="10"/>`;
  }
  return out;
}

/**
 * The photo `shot` (0…SHOPPER_PHOTO_SHOTS − 1) of a product drawn by `hero` (its first catalogue view,
 * without the studio backdrop) for the kind/colour `seed`.
 */
export function shopperPhoto(a: Art, hero: string, seed: string, shot: number): string {
  const { width: w, height: ht } = shopperPhotoFrame(shot);
  const h = hash32(`${seed}:${shot}`);
  const scene = SCENES[shot % SCENES.length]!;
  const shift = ((h >>> 3) % 41) - 20;
  const wallHue = (scene.wall[0] + shift + 360) % 360;
  const surfaceHue = (scene.surface[0] + shift + 360) % 360;
  const horizon = Math.round(ht * (0.36 + ((h >>> 7) % 14) / 100));
  // The product fills about three quarters of the frame's shorter side, turned by up to ±24°.
  const scale = (Math.min(w, ht) / H) * (0.78 + ((h >>> 11) % 14) / 100);
  const cx = Math.round(w * (0.44 + ((h >>> 15) % 12) / 100));
  const cy = Math.round(ht * 0.56);
  const angle = ((h >>> 19) % 49) - 24;
  const lightX = (h >>> 25) % 2 === 0 ? 0.15 : 0.85;
  const line = hsl(surfaceHue, scene.surface[1], scene.surface[2] - 14);
  const light = a.rad(
    [
      [0, "#ffffff", 0.4],
      [0.6, "#ffffff", 0],
      [1, "#000000", 0.26],
    ],
    lightX,
    0.1,
    0.9,
  );
  return (
    `<rect width="${w}" height="${horizon}" fill="${hsl(wallHue, scene.wall[1], scene.wall[2])}"/>` +
    `<rect y="${horizon}" width="${w}" height="${ht - horizon}" fill="${hsl(surfaceHue, scene.surface[1], scene.surface[2])}"/>` +
    surfacePattern(scene.pattern, w, ht, horizon, line, wallHue) +
    `<g transform="translate(${cx} ${cy}) rotate(${angle}) scale(${scale.toFixed(3)}) translate(${-W / 2} ${-H / 2})">${hero}</g>` +
    `<rect width="${w}" height="${ht}" fill="${light}"/>`
  );
}
