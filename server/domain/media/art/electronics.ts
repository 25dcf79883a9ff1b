import { type Art, circ, darken, EDGE, ell, f, g, lighten, line, mix, path, rr } from "./kit.ts";
import type { KindArt } from "./types.ts";

/** An abstract wallpaper tinted by the product colour, with a glass reflection (no clip: cheap to render). */
export function wallpaper(a: Art, c: string, x: number, y: number, w: number, h: number, r: number): string {
  const base = a.lin(
    [
      [0, mix(c, "#5a48d8", 0.55)],
      [1, mix(c, "#0b1030", 0.72)],
    ],
    0,
    0,
    0.6,
    1,
  );
  const warm = mix(c, "#ff9a6b", 0.45);
  const cool = lighten(mix(c, "#5fd0ff", 0.3), 0.35);
  return (
    rr(x, y, w, h, r, base) +
    rr(
      x,
      y,
      w,
      h,
      r,
      a.rad(
        [
          [0, warm, 0.95],
          [1, warm, 0],
        ],
        0.8,
        0.25,
        0.55,
      ),
    ) +
    rr(
      x,
      y,
      w,
      h,
      r,
      a.rad(
        [
          [0, cool, 0.85],
          [1, cool, 0],
        ],
        0.15,
        0.8,
        0.65,
      ),
    ) +
    rr(x, y, w, h, r, a.gloss(0.2))
  );
}

/** A lens: metal ring, dark glass and a highlight. */
export function lens(a: Art, cx: number, cy: number, r: number, ring: string): string {
  const glass = a.rad(
    [
      [0, "#4a5a82"],
      [0.35, "#1a2034"],
      [1, "#030407"],
    ],
    0.42,
    0.38,
    0.6,
  );
  return (
    circ(
      cx,
      cy,
      r,
      a.lin([
        [0, lighten(ring, 0.45)],
        [1, darken(ring, 0.45)],
      ]),
    ) +
    circ(cx, cy, r * 0.78, "#0b0c10") +
    circ(cx, cy, r * 0.64, glass) +
    circ(cx - r * 0.2, cy - r * 0.22, r * 0.14, "#ffffff", `fill-opacity=".55"`) +
    circ(cx + r * 0.18, cy + r * 0.2, r * 0.07, "#9fc3ff", `fill-opacity=".5"`)
  );
}

function phoneFront(a: Art, c: string, x: number, y: number, w: number, h: number): string {
  const r = w * 0.16;
  const frame = a.lin(
    [
      [0, darken(c, 0.25)],
      [0.12, lighten(c, 0.45)],
      [0.5, c],
      [0.9, lighten(c, 0.2)],
      [1, darken(c, 0.35)],
    ],
    0,
    0,
    1,
    0,
  );
  return (
    rr(x + w - 3, y + h * 0.2, 9, h * 0.1, 4, darken(c, 0.2)) +
    rr(x - 6, y + h * 0.18, 9, h * 0.07, 4, darken(c, 0.2)) +
    rr(x - 6, y + h * 0.27, 9, h * 0.07, 4, darken(c, 0.2)) +
    rr(x, y, w, h, r, frame, EDGE) +
    rr(x + 7, y + 7, w - 14, h - 14, r - 6, "#07080b") +
    wallpaper(a, c, x + 17, y + 17, w - 34, h - 34, r - 14) +
    rr(x + w / 2 - w * 0.14, y + 36, w * 0.28, 30, 15, "#000000")
  );
}

function phoneBack(a: Art, c: string, x: number, y: number, w: number, h: number): string {
  const r = w * 0.16;
  const back = a.lin(
    [
      [0, lighten(c, 0.3)],
      [0.5, c],
      [1, darken(c, 0.3)],
    ],
    0,
    0,
    1,
    1,
  );
  const s = w * 0.48;
  const bx = x + w * 0.06;
  const by = y + w * 0.06;
  const block = a.lin(
    [
      [0, lighten(c, 0.4)],
      [1, darken(c, 0.15)],
    ],
    0,
    0,
    1,
    1,
  );
  return (
    rr(x, y, w, h, r, back, EDGE) +
    rr(x, y, w, h, r, a.gloss(0.28)) +
    rr(bx, by, s, s, s * 0.28, block, `stroke="${darken(c, 0.3)}" stroke-opacity=".5" stroke-width="3"`) +
    lens(a, bx + s * 0.3, by + s * 0.28, s * 0.2, c) +
    lens(a, bx + s * 0.3, by + s * 0.72, s * 0.2, c) +
    lens(a, bx + s * 0.72, by + s * 0.5, s * 0.2, c) +
    circ(bx + s * 0.74, by + s * 0.17, s * 0.07, "#fff4d6", EDGE) +
    circ(bx + s * 0.74, by + s * 0.83, s * 0.04, "#15171c")
  );
}

const smartphone: KindArt = {
  colour: "#2b2d33",
  boxed: true,
  views: [
    (a, c) =>
      a.shadow(450, 1030, 320, 34) +
      g(phoneBack(a, c, 400, 150, 360, 800), `transform="rotate(7 580 550)"`) +
      g(phoneFront(a, c, 140, 210, 360, 800), `transform="rotate(-4 320 610)"`),
    (a, c) => a.shadow(450, 1040, 230, 30) + phoneFront(a, c, 260, 170, 380, 840),
    (a, c) => a.shadow(450, 1040, 230, 30) + phoneBack(a, c, 260, 170, 380, 840),
  ],
  detail: [560, 320, 2],
};

function tabletFront(a: Art, c: string, x: number, y: number, w: number, h: number): string {
  const frame = a.lin(
    [
      [0, lighten(c, 0.4)],
      [1, darken(c, 0.3)],
    ],
    0,
    0,
    1,
    1,
  );
  return (
    rr(x, y, w, h, 44, frame, EDGE) +
    rr(x + 6, y + 6, w - 12, h - 12, 40, "#090a0d") +
    wallpaper(a, c, x + 30, y + 30, w - 60, h - 60, 18) +
    circ(x + w / 2, y + 18, 5, "#1d2230")
  );
}

const tablet: KindArt = {
  colour: "#b9bcc2",
  boxed: true,
  views: [
    (a, c) =>
      a.shadow(450, 1010, 330, 30) +
      tabletFront(a, c, 160, 200, 560, 790) +
      g(
        rr(752, 300, 26, 620, 13, a.cyl("#f4f4f2", 0.6), EDGE) +
          path("M752 920 L765 975 L778 920 Z", "#d8d8d6"),
        `transform="rotate(6 765 640)"`,
      ),
    (a, c) =>
      a.shadow(450, 1020, 300, 30) +
      rr(170, 200, 560, 790, 44, a.body(c, 0.7), EDGE) +
      rr(170, 200, 560, 790, 44, a.gloss(0.18)) +
      rr(206, 236, 96, 96, 28, darken(c, 0.12), EDGE) +
      lens(a, 254, 284, 30, c) +
      circ(540, 230, 0, "#000"),
    (a, c) =>
      a.shadow(450, 960, 400, 34) +
      path("M120 860 L780 860 L840 930 L60 930 Z", darken(c, 0.55)) +
      g(
        Array.from({ length: 4 }, (_, row) =>
          Array.from({ length: 12 }, (_, col) => {
            const t = row / 4;
            const x0 = 150 - t * 30 + col * (50 + t * 5);
            return rr(x0 + 4, 868 + row * 15, 42 + t * 5, 11, 3, darken(c, 0.75));
          }).join(""),
        ).join(""),
      ) +
      g(tabletFront(a, c, 120, 330, 660, 470), `transform="rotate(-2 450 560)"`),
  ],
};

function laptopOpen(a: Art, c: string): string {
  const lid = a.lin(
    [
      [0, lighten(c, 0.2)],
      [1, darken(c, 0.25)],
    ],
    0,
    0,
    1,
    1,
  );
  const deck = a.lin([
    [0, darken(c, 0.05)],
    [1, lighten(c, 0.18)],
  ]);
  const keys: string[] = [];
  const rows = 5;
  const cols = 13;
  for (let row = 0; row < rows; row++) {
    const t0 = row / rows;
    const t1 = (row + 0.78) / rows;
    const yy0 = 724 + t0 * 96;
    const yy1 = 724 + t1 * 96;
    const xl0 = 170 - t0 * 40;
    const xr0 = 730 + t0 * 40;
    const xl1 = 170 - t1 * 40;
    const xr1 = 730 + t1 * 40;
    for (let col = 0; col < cols; col++) {
      const u0 = (col + 0.1) / cols;
      const u1 = (col + 0.9) / cols;
      const p = (xl: number, xr: number, u: number) => xl + (xr - xl) * u;
      keys.push(
        `M${f(p(xl0, xr0, u0))} ${f(yy0)}L${f(p(xl0, xr0, u1))} ${f(yy0)}L${f(p(xl1, xr1, u1))} ${f(yy1)}L${f(p(xl1, xr1, u0))} ${f(yy1)}Z`,
      );
    }
  }
  return (
    a.shadow(450, 925, 430, 34) +
    rr(120, 230, 660, 470, 22, lid, EDGE) +
    rr(130, 240, 640, 450, 16, "#0a0b0e") +
    wallpaper(a, c, 150, 262, 600, 400, 4) +
    circ(450, 251, 4, "#222734") +
    path("M120 700 L780 700 L850 880 L50 880 Z", deck, EDGE) +
    path(keys.join(""), mix(darken(c, 0.6), "#15171b", 0.6)) +
    path("M370 834 L530 834 L538 872 L362 872 Z", darken(c, 0.08), EDGE) +
    path("M50 880 L850 880 L846 896 Q842 908 826 908 L74 908 Q58 908 54 896 Z", darken(c, 0.3)) +
    path("M400 880 L500 880 L497 888 L403 888 Z", darken(c, 0.45))
  );
}

const laptop: KindArt = {
  colour: "#9a9ea6",
  views: [
    laptopOpen,
    (a, c) =>
      a.shadow(450, 900, 400, 40) +
      path("M160 380 L740 380 L820 860 L80 860 Z", a.body(c, 0.8), EDGE) +
      path("M160 380 L740 380 L820 860 L80 860 Z", a.gloss(0.16)) +
      ell(450, 610, 34, 38, lighten(c, 0.25), `fill-opacity=".6"`) +
      path("M80 860 L820 860 L816 880 L84 880 Z", darken(c, 0.35)),
    (a, c) =>
      a.shadow(450, 925, 430, 34) +
      path("M60 860 L840 860 L800 905 Q795 912 780 912 L120 912 Q105 912 100 905 Z", darken(c, 0.3), EDGE) +
      rr(110, 300, 680, 560, 24, a.body(c, 0.8), EDGE) +
      rr(110, 300, 680, 560, 24, a.gloss(0.18)) +
      ell(450, 580, 40, 44, lighten(c, 0.3), `fill-opacity=".55"`) +
      rr(110, 846, 680, 14, 6, darken(c, 0.2)),
  ],
  detail: [450, 780, 1.9],
};

function stand(a: Art, c: string, top: number, bottom: number): string {
  return (
    rr(415, top, 70, bottom - top, 14, a.cyl(c), EDGE) +
    path(`M300 ${bottom} L600 ${bottom} L640 ${bottom + 30} L260 ${bottom + 30} Z`, a.vert(c), EDGE)
  );
}

const monitor: KindArt = {
  colour: "#26282d",
  views: [
    (a, c) =>
      a.shadow(450, 925, 260, 22) +
      stand(a, c, 620, 890) +
      rr(70, 230, 760, 450, 16, a.body(c, 0.6), EDGE) +
      rr(82, 242, 736, 426, 8, "#08090c") +
      wallpaper(a, c, 92, 252, 716, 396, 2) +
      rr(70, 660, 760, 20, 8, darken(c, 0.15)),
    (a, c) =>
      a.shadow(450, 925, 260, 22) +
      rr(70, 230, 760, 450, 16, a.body(c, 0.8), EDGE) +
      rr(250, 320, 400, 280, 60, a.body(c, 1.1), EDGE) +
      stand(a, c, 440, 890) +
      circ(450, 380, 10, darken(c, 0.4)),
    (a, c) =>
      a.shadow(450, 925, 200, 22) +
      path("M420 890 L540 890 L560 920 L360 920 Z", a.vert(c), EDGE) +
      rr(430, 460, 50, 440, 14, a.cyl(c), EDGE) +
      path("M470 230 L500 230 Q540 235 545 300 L545 620 Q540 680 500 680 L470 680 Z", a.cyl(c), EDGE) +
      rr(462, 230, 14, 450, 5, darken(c, 0.4)),
  ],
  detail: [300, 400, 1.8],
};

function tvFront(a: Art, c: string): string {
  return (
    path("M130 790 L160 790 L120 860 L100 860 Z", a.vert(c)) +
    path("M740 790 L770 790 L800 860 L780 860 Z", a.vert(c)) +
    rr(30, 330, 840, 480, 10, darken(c, 0.1), EDGE) +
    rr(38, 338, 824, 464, 4, "#07080a") +
    wallpaper(a, mix(c, "#2a7fd4", 0.6), 44, 344, 812, 452, 2)
  );
}

const tv: KindArt = {
  colour: "#1d1f24",
  views: [
    (a, c) => a.shadow(450, 862, 420, 20) + tvFront(a, c),
    (a, c) =>
      rr(0, 0, 900, 1200, 0, "#e7e2da") +
      rr(0, 930, 900, 270, 0, "#cdbfae") +
      a.shadow(450, 960, 420, 20, 0.3) +
      rr(110, 820, 680, 120, 10, a.vert("#8a6a4e"), EDGE) +
      rr(440, 840, 20, 80, 6, "#6d523b") +
      rr(40, 300, 820, 470, 8, darken(c, 0.1), EDGE) +
      rr(48, 308, 804, 454, 3, "#07080a") +
      wallpaper(a, mix(c, "#2ab07f", 0.6), 54, 314, 792, 442, 2) +
      rr(400, 770, 100, 50, 4, a.vert(c)),
    (a, c) =>
      a.shadow(450, 880, 380, 20) +
      g(tvFront(a, c), `transform="translate(450 600) skewY(-7) scale(0.84 1) translate(-450 -600)"`) +
      path("M805 265 L830 270 L830 740 L805 760 Z", darken(c, 0.3)),
  ],
};

function watchFace(x: number, y: number, w: number, h: number): string {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const ring = (r: number, colour: string, share: number) => {
    const end = -Math.PI / 2 + share * Math.PI * 2;
    const ex = cx + r * Math.cos(end);
    const ey = cy + r * Math.sin(end);
    return (
      circ(cx, cy, r, "none", `stroke="${colour}" stroke-opacity=".25" stroke-width="20"`) +
      line(`M${f(cx)} ${f(cy - r)} A${r} ${r} 0 ${share > 0.5 ? 1 : 0} 1 ${f(ex)} ${f(ey)}`, colour, 20)
    );
  };
  return (
    ring(90, "#ff2d55", 0.78) +
    ring(64, "#a4f13a", 0.6) +
    ring(38, "#2fd3ff", 0.45) +
    circ(x + 40, y + 40, 12, "#ffffff", `fill-opacity=".8"`) +
    rr(x + w - 90, y + 30, 60, 16, 8, "#ffffff", `fill-opacity=".7"`) +
    rr(x + 30, y + h - 50, 70, 16, 8, "#ffcc33", `fill-opacity=".85"`)
  );
}

function watchFront(a: Art, c: string): string {
  const metal = a.lin(
    [
      [0, lighten(mix(c, "#c9cbd0", 0.5), 0.4)],
      [0.5, mix(c, "#8d9097", 0.5)],
      [1, darken(mix(c, "#6d7077", 0.5), 0.3)],
    ],
    0,
    0,
    1,
    1,
  );
  const strap = a.lin(
    [
      [0, darken(c, 0.25)],
      [0.3, lighten(c, 0.15)],
      [0.7, c],
      [1, darken(c, 0.3)],
    ],
    0,
    0,
    1,
    0,
  );
  const holes = Array.from({ length: 5 }, (_, i) => circ(450, 860 + i * 36, 7, darken(c, 0.45))).join("");
  return (
    a.shadow(450, 1060, 200, 22) +
    rr(335, 110, 230, 340, 40, strap, EDGE) +
    rr(335, 740, 230, 320, 40, strap, EDGE) +
    holes +
    rr(600, 480, 26, 70, 10, a.cyl("#b9bcc3"), EDGE) +
    rr(602, 590, 16, 80, 6, darken(c, 0.2)) +
    rr(285, 380, 330, 410, 92, metal, EDGE) +
    rr(303, 398, 294, 374, 76, "#030305") +
    g(watchFace(333, 428, 234, 314)) +
    rr(303, 398, 294, 374, 76, a.gloss(0.2))
  );
}

const smartwatch: KindArt = {
  colour: "#30333a",
  boxed: true,
  views: [
    watchFront,
    (a, c) =>
      a.shadow(450, 1060, 180, 20) +
      rr(345, 110, 210, 330, 40, a.cyl(c), EDGE) +
      rr(345, 760, 210, 300, 40, a.cyl(c), EDGE) +
      rr(405, 1000, 90, 40, 14, darken(c, 0.3)) +
      rr(
        330,
        400,
        240,
        400,
        70,
        a.lin([
          [0, "#111216"],
          [0.5, "#24262c"],
          [1, "#0b0c0f"],
        ]),
      ) +
      circ(450, 600, 86, darken(c, 0.1), EDGE) +
      circ(450, 600, 60, "#1b1d22") +
      circ(430, 585, 10, "#3aff6a", `fill-opacity=".8"`) +
      circ(470, 585, 10, "#ff3a3a", `fill-opacity=".7"`) +
      circ(450, 620, 10, "#3aff6a", `fill-opacity=".8"`),
  ],
  detail: [450, 585, 1.7],
};

function headphonesFront(a: Art, c: string): string {
  const band = a.lin(
    [
      [0, lighten(c, 0.25)],
      [1, darken(c, 0.3)],
    ],
    0,
    0,
    0,
    1,
  );
  const cup = (cx: number, dir: number) => {
    const cushion = mix(darken(c, 0.55), "#1a1a1c", 0.5);
    return (
      rr(cx - 12 * dir - 12, 470, 24, 140, 10, a.cyl("#c6c9cf"), EDGE) +
      ell(cx, 720, 110, 190, a.body(c, 1.2, dir > 0 ? 0 : 1, 1), EDGE) +
      ell(cx - 12 * dir, 705, 60, 150, lighten(c, 0.12), `fill-opacity=".35"`) +
      path(
        `M${cx + 70 * dir} 548 Q${cx + 150 * dir} 720 ${cx + 70 * dir} 892 L${cx + 90 * dir} 892 Q${cx + 175 * dir} 720 ${cx + 90 * dir} 548 Z`,
        cushion,
      )
    );
  };
  return (
    a.shadow(450, 955, 330, 30) +
    line("M228 560 C200 170 700 170 672 560", darken(c, 0.35), 64) +
    line("M228 560 C200 170 700 170 672 560", band, 52) +
    line("M262 520 C250 230 650 230 638 520", mix(darken(c, 0.5), "#222", 0.5), 26) +
    cup(210, 1) +
    cup(690, -1)
  );
}

const headphones: KindArt = {
  colour: "#23252a",
  boxed: true,
  views: [
    headphonesFront,
    (a, c) => {
      const cushion = mix(darken(c, 0.55), "#1a1a1c", 0.5);
      return (
        a.shadow(470, 1010, 300, 30) +
        ell(640, 700, 130, 190, a.body(darken(c, 0.25), 1), EDGE) +
        ell(600, 700, 70, 170, cushion) +
        line("M380 500 C360 130 700 130 660 520", darken(c, 0.35), 60) +
        line("M380 500 C360 130 700 130 660 520", a.body(c), 48) +
        line("M400 470 C390 200 660 200 640 480", cushion, 20) +
        rr(362, 440, 36, 130, 12, a.cyl("#c6c9cf"), EDGE) +
        ell(380, 740, 200, 250, a.body(c, 1.2), EDGE) +
        ell(
          380,
          740,
          160,
          206,
          a.rad(
            [
              [0, lighten(c, 0.18)],
              [1, darken(c, 0.12)],
            ],
            0.35,
            0.3,
            0.8,
          ),
        ) +
        ell(380, 740, 160, 206, "none", `stroke="${lighten(c, 0.35)}" stroke-opacity=".5" stroke-width="4"`) +
        path("M560 560 Q620 740 560 920 L575 930 Q640 740 575 550 Z", cushion) +
        circ(300, 900, 10, lighten(c, 0.4))
      );
    },
    (a, c) =>
      a.shadow(450, 900, 380, 50) +
      ell(280, 760, 160, 130, mix(darken(c, 0.55), "#1a1a1c", 0.5), EDGE) +
      ell(280, 760, 100, 76, darken(c, 0.7)) +
      ell(620, 760, 160, 130, a.body(c, 1.1), EDGE) +
      ell(600, 740, 90, 70, lighten(c, 0.12), `fill-opacity=".4"`) +
      line("M150 720 C160 420 740 420 750 720", darken(c, 0.3), 48) +
      line("M150 720 C160 420 740 420 750 720", a.body(c), 38),
  ],
  detail: [690, 720, 1.6],
};

/** A true-wireless bud with a stem, standing upright; `dir` mirrors it. */
function bud(a: Art, c: string, x: number, y: number, s: number, dir: number): string {
  const shell = a.lin(
    [
      [0, lighten(c, 0.35)],
      [0.6, c],
      [1, darken(c, 0.3)],
    ],
    0,
    0,
    1,
    1,
  );
  return g(
    rr(-20, 20, 40, 170, 20, a.cyl(c), EDGE) +
      ell(0, 0, 62, 56, shell, EDGE) +
      ell(
        -44,
        8,
        30,
        34,
        a.rad([
          [0, "#9a9ea6"],
          [1, "#3b3e44"],
        ]),
      ) +
      circ(-46, 6, 14, "#1a1b1f") +
      ell(16, -18, 20, 12, "#ffffff", `fill-opacity=".45"`) +
      rr(-8, 160, 16, 18, 6, "#c9ccd2"),
    `transform="translate(${f(x)} ${f(y)}) scale(${f(s * dir)} ${f(s)})"`,
  );
}

function budsCase(a: Art, c: string, open: boolean): string {
  const shell = a.lin(
    [
      [0, lighten(c, 0.3)],
      [0.55, c],
      [1, darken(c, 0.25)],
    ],
    0,
    0,
    0.4,
    1,
  );
  const lid = open
    ? path("M240 600 Q232 390 450 380 Q668 390 660 600 Z", a.body(darken(c, 0.06), 1, 0, 1), EDGE) +
      path("M266 600 Q262 420 450 412 Q638 420 634 600 Z", darken(c, 0.25)) +
      rr(230, 590, 440, 50, 24, darken(c, 0.4))
    : "";
  return (
    a.shadow(450, 940, 260, 26) +
    lid +
    (open ? bud(a, c, 370, 560, 0.9, 1) + bud(a, c, 530, 560, 0.9, -1) : "") +
    path("M230 620 L670 620 L670 760 Q670 930 450 930 Q230 930 230 760 Z", shell, EDGE) +
    (open ? "" : path("M230 600 Q230 470 450 470 Q670 470 670 600 L670 620 L230 620 Z", shell, EDGE)) +
    line("M232 620 L668 620", darken(c, 0.3), 3) +
    circ(450, 700, 8, "#41d46b") +
    path("M230 620 L670 620 L670 760 Q670 930 450 930 Q230 930 230 760 Z", a.gloss(0.25))
  );
}

const earbuds: KindArt = {
  colour: "#f2f2f0",
  boxed: true,
  views: [
    (a, c) => budsCase(a, c, true) + bud(a, c, 720, 820, 0.9, -1),
    (a, c) => a.shadow(450, 990, 300, 30) + bud(a, c, 330, 480, 2.2, 1) + bud(a, c, 600, 430, 2.2, -1),
    (a, c) => budsCase(a, c, false),
  ],
  detail: [450, 560, 1.7],
};

function earphoneHead(a: Art, c: string, x: number, y: number, rot: number): string {
  return g(
    rr(-18, 30, 36, 110, 16, a.cyl(c), EDGE) +
      circ(0, 0, 64, a.body(c, 1.1), EDGE) +
      circ(0, 0, 44, darken(c, 0.15)) +
      circ(0, 0, 44, "none", `stroke="${lighten(c, 0.3)}" stroke-opacity=".6" stroke-width="3"`) +
      ell(
        -50,
        -26,
        30,
        34,
        a.rad([
          [0, "#a5a8ae"],
          [1, "#45484e"],
        ]),
      ) +
      circ(-18, -22, 12, "#ffffff", `fill-opacity=".4"`),
    `transform="translate(${x} ${y}) rotate(${rot}) scale(1.3)"`,
  );
}

function jack(a: Art, x: number, y: number, c: string, rot: number): string {
  const metal = a.cyl("#c9ccd2");
  return g(
    rr(-9, -118, 18, 60, 8, metal, EDGE) +
      rr(-9, -100, 18, 4, 1, "#202226") +
      rr(-9, -86, 18, 4, 1, "#202226") +
      rr(-18, -62, 36, 90, 12, a.cyl(c), EDGE) +
      rr(-10, 24, 20, 30, 8, darken(c, 0.2)),
    `transform="translate(${x} ${y}) rotate(${rot}) scale(1.25)"`,
  );
}

const wiredEarphones: KindArt = {
  colour: "#f0f0ee",
  boxed: true,
  views: [
    (a, c) => {
      const cable = darken(c, 0.12);
      return (
        a.shadow(450, 1030, 300, 24) +
        line("M330 380 C330 520 430 560 450 660", darken(c, 0.35), 14) +
        line("M590 360 C600 520 480 560 450 660", darken(c, 0.35), 14) +
        line("M330 380 C330 520 430 560 450 660", cable, 9) +
        line("M590 360 C600 520 480 560 450 660", cable, 9) +
        line("M450 700 C450 860 240 820 260 930 C280 1030 600 1030 640 930 L655 860", darken(c, 0.35), 14) +
        line("M450 700 C450 860 240 820 260 930 C280 1030 600 1030 640 930 L655 860", cable, 9) +
        rr(437, 640, 26, 70, 10, a.cyl(c), EDGE) +
        rr(527, 480, 30, 80, 12, a.cyl(c), `${EDGE} transform="rotate(-20 542 520)"`) +
        earphoneHead(a, c, 310, 300, -18) +
        earphoneHead(a, c, 600, 280, 22) +
        jack(a, 660, 820, c, 12)
      );
    },
    (a, c) => {
      const cable = darken(c, 0.12);
      return (
        a.shadow(450, 960, 300, 30) +
        circ(450, 700, 210, "none", `stroke="${darken(c, 0.35)}" stroke-width="14"`) +
        circ(450, 700, 210, "none", `stroke="${cable}" stroke-width="9"`) +
        circ(450, 700, 186, "none", `stroke="${darken(c, 0.35)}" stroke-width="14"`) +
        circ(450, 700, 186, "none", `stroke="${cable}" stroke-width="9"`) +
        circ(450, 700, 162, "none", `stroke="${darken(c, 0.35)}" stroke-width="14"`) +
        circ(450, 700, 162, "none", `stroke="${cable}" stroke-width="9"`) +
        line("M450 490 C420 420 340 400 330 330", cable, 9) +
        line("M450 490 C480 420 560 400 580 330", cable, 9) +
        earphoneHead(a, c, 320, 270, -30) +
        earphoneHead(a, c, 590, 270, 30) +
        jack(a, 450, 640, c, 90)
      );
    },
  ],
  detail: [460, 300, 1.7],
};

function grille(x: number, y: number, w: number, h: number, colour: string, step = 16): string {
  const rows: string[] = [];
  for (let yy = y + step / 2; yy < y + h; yy += step) rows.push(`M${f(x)} ${f(yy)}L${f(x + w)} ${f(yy)}`);
  return `<path d="${rows.join("")}" stroke="${colour}" stroke-width="6" stroke-linecap="round" stroke-dasharray="0 ${step}" fill="none"/>`;
}

const speaker: KindArt = {
  colour: "#2d5fb0",
  boxed: true,
  views: [
    (a, c) => {
      const fabric = a.lin([
        [0, darken(c, 0.2)],
        [0.25, lighten(c, 0.2)],
        [0.55, c],
        [1, darken(c, 0.4)],
      ]);
      const clip = a.clip(rr(150, 470, 600, 320, 160, "#000"));
      return (
        a.shadow(450, 820, 360, 30) +
        rr(150, 470, 600, 320, 160, fabric, EDGE) +
        g(grille(150, 480, 600, 300, darken(c, 0.45)), `clip-path="${clip}" opacity=".55"`) +
        rr(300, 470, 300, 36, 12, darken(c, 0.35)) +
        Array.from({ length: 4 }, (_, i) => circ(360 + i * 60, 488, 9, lighten(c, 0.4))).join("") +
        ell(730, 630, 64, 160, darken(c, 0.45), EDGE) +
        ell(
          734,
          630,
          44,
          120,
          a.rad([
            [0, lighten(c, 0.1)],
            [1, darken(c, 0.55)],
          ]),
        ) +
        rr(330, 770, 240, 24, 10, darken(c, 0.5)) +
        line("M160 560 C90 560 90 700 160 700", darken(c, 0.5), 16)
      );
    },
    (a, c) => {
      const fabric = a.cyl(c);
      const clip = a.clip(rr(300, 240, 300, 700, 150, "#000"));
      return (
        a.shadow(450, 960, 200, 24) +
        rr(300, 240, 300, 700, 150, fabric, EDGE) +
        g(grille(300, 300, 300, 580, darken(c, 0.45)), `clip-path="${clip}" opacity=".5"`) +
        ell(450, 260, 130, 40, darken(c, 0.4)) +
        rr(420, 420, 60, 360, 30, darken(c, 0.4)) +
        circ(450, 520, 12, lighten(c, 0.4)) +
        circ(450, 600, 12, lighten(c, 0.4)) +
        circ(450, 680, 12, lighten(c, 0.4))
      );
    },
  ],
  detail: [560, 520, 1.8],
};

const soundbar: KindArt = {
  colour: "#222428",
  views: [
    (a, c) => {
      const clip = a.clip(rr(40, 700, 820, 130, 60, "#000"));
      return (
        a.shadow(650, 870, 230, 26) +
        rr(520, 300, 320, 560, 30, a.body(c, 0.8), EDGE) +
        circ(680, 580, 110, darken(c, 0.3)) +
        circ(
          680,
          580,
          88,
          a.rad([
            [0, lighten(c, 0.12)],
            [1, darken(c, 0.45)],
          ]),
        ) +
        a.shadow(450, 850, 430, 22) +
        rr(40, 700, 820, 130, 60, a.vert(c), EDGE) +
        g(grille(40, 706, 820, 120, lighten(c, 0.16), 14), `clip-path="${clip}" opacity=".7"`) +
        rr(410, 708, 80, 12, 6, lighten(c, 0.3))
      );
    },
    (a, c) => {
      const clip = a.clip(rr(30, 540, 840, 140, 64, "#000"));
      return (
        a.shadow(450, 700, 430, 24) +
        rr(30, 540, 840, 140, 64, a.vert(c), EDGE) +
        g(grille(30, 546, 840, 130, lighten(c, 0.16), 14), `clip-path="${clip}" opacity=".7"`) +
        rr(420, 548, 60, 10, 5, "#ffffff", `fill-opacity=".7"`)
      );
    },
  ],
  detail: [700, 760, 1.8],
};

function keyGrid(
  rows: number,
  cols: number,
  x: number,
  y: number,
  w: number,
  h: number,
  skew: number,
): string {
  const d: string[] = [];
  for (let row = 0; row < rows; row++) {
    const t0 = row / rows;
    const t1 = (row + 0.8) / rows;
    for (let col = 0; col < cols; col++) {
      const u0 = (col + 0.1) / cols;
      const u1 = (col + 0.9) / cols;
      const px = (u: number, t: number) => x - skew * t + (w + 2 * skew * t) * u;
      const py = (t: number) => y + h * t;
      d.push(
        `M${f(px(u0, t0))} ${f(py(t0))}L${f(px(u1, t0))} ${f(py(t0))}L${f(px(u1, t1))} ${f(py(t1))}L${f(px(u0, t1))} ${f(py(t1))}Z`,
      );
    }
  }
  return d.join("");
}

const keyboard: KindArt = {
  colour: "#2c2e33",
  boxed: true,
  views: [
    (a, c) =>
      a.shadow(450, 830, 440, 34) +
      path("M90 480 L810 480 L860 800 L40 800 Z", a.body(c, 0.8, 0, 1), EDGE) +
      path(keyGrid(5, 14, 118, 500, 664, 230, 34), darken(c, 0.35)) +
      path(keyGrid(5, 14, 118, 496, 664, 230, 34), mix(c, "#f2f2f2", 0.12)) +
      path("M300 742 L600 742 L606 776 L294 776 Z", mix(c, "#f2f2f2", 0.12)) +
      path("M40 800 L860 800 L856 824 L44 824 Z", darken(c, 0.4)),
    (a, c) =>
      a.shadow(450, 800, 300, 40) +
      g(
        path("M120 480 L780 480 L820 760 L80 760 Z", a.body(c, 0.8, 0, 1), EDGE) +
          path(keyGrid(4, 10, 150, 500, 600, 220, 28), mix(c, "#f2f2f2", 0.12)),
        `transform="rotate(-8 450 620)"`,
      ),
  ],
  detail: [300, 600, 2],
};

function mouseTop(a: Art, c: string): string {
  return (
    a.shadow(450, 960, 220, 40) +
    path(
      "M450 230 C640 230 660 420 650 640 C640 880 560 960 450 960 C340 960 260 880 250 640 C240 420 260 230 450 230 Z",
      a.body(c, 1, 1, 1),
      EDGE,
    ) +
    path(
      "M450 230 C640 230 660 420 650 640 C640 880 560 960 450 960 C340 960 260 880 250 640 C240 420 260 230 450 230 Z",
      a.gloss(0.2),
    ) +
    line("M450 236 L450 520", darken(c, 0.35), 4) +
    line("M262 520 Q450 560 638 520", darken(c, 0.25), 3) +
    rr(432, 300, 36, 100, 18, "#1c1d21") +
    rr(440, 312, 20, 76, 10, a.cyl("#8a8d93"))
  );
}

const mouse: KindArt = {
  colour: "#2a2c31",
  boxed: true,
  views: [
    mouseTop,
    (a, c) =>
      a.shadow(450, 790, 330, 26) +
      path("M140 780 C150 560 340 470 520 480 C700 490 790 600 770 780 Z", a.body(c, 1, 0.3, 1), EDGE) +
      path("M140 780 C150 560 340 470 520 480 C700 490 790 600 770 780 Z", a.gloss(0.16)) +
      rr(300, 640, 150, 60, 20, darken(c, 0.3)) +
      rr(320, 660, 50, 20, 8, darken(c, 0.5)) +
      rr(390, 660, 50, 20, 8, darken(c, 0.5)) +
      rr(140, 770, 630, 14, 7, darken(c, 0.5)),
  ],
  detail: [450, 360, 2],
};

const gamepad: KindArt = {
  colour: "#25272c",
  boxed: true,
  views: [
    (a, c) => {
      const bodyPath =
        "M250 430 C330 400 570 400 650 430 C760 470 820 640 840 760 C860 880 780 910 720 860 L640 780 C560 760 340 760 260 780 L180 860 C120 910 40 880 60 760 C80 640 140 470 250 430 Z";
      const stick = (x: number, y: number) =>
        circ(x, y, 56, darken(c, 0.5)) +
        circ(
          x,
          y,
          44,
          a.rad(
            [
              [0, lighten(c, 0.25)],
              [1, darken(c, 0.4)],
            ],
            0.4,
            0.35,
          ),
        ) +
        circ(x, y, 30, "none", `stroke="${darken(c, 0.6)}" stroke-width="3"`);
      return (
        a.shadow(450, 900, 400, 34) +
        path(bodyPath, a.body(c, 1, 0.2, 1), EDGE) +
        path(bodyPath, a.gloss(0.18)) +
        stick(270, 540) +
        stick(560, 660) +
        path("M320 630 h40 v40 h40 v40 h-40 v40 h-40 v-40 h-40 v-40 h40 Z", darken(c, 0.5)) +
        circ(650, 500, 22, "#f2c230") +
        circ(700, 550, 22, "#e2434b") +
        circ(600, 550, 22, "#2f7fe0") +
        circ(650, 600, 22, "#3bb55a") +
        circ(450, 520, 26, lighten(c, 0.3), EDGE) +
        rr(380, 540, 24, 12, 6, darken(c, 0.5)) +
        rr(496, 540, 24, 12, 6, darken(c, 0.5))
      );
    },
  ],
  detail: [450, 560, 1.6],
};

const camera: KindArt = {
  colour: "#222428",
  boxed: true,
  views: [
    (a, c) =>
      a.shadow(450, 860, 380, 30) +
      rr(110, 420, 680, 420, 56, a.body(c, 0.8), EDGE) +
      path("M330 420 L360 330 L540 330 L570 420 Z", a.body(c, 0.8), EDGE) +
      rr(110, 560, 130, 280, 40, darken(c, 0.25)) +
      rr(640, 380, 90, 40, 10, darken(c, 0.3)) +
      circ(470, 640, 190, darken(c, 0.45), EDGE) +
      circ(470, 640, 160, a.cyl(darken(c, 0.2))) +
      lens(a, 470, 640, 120, "#5a5d63") +
      rr(680, 440, 60, 20, 8, "#b9232b"),
  ],
  detail: [470, 640, 1.8],
};

export const electronicsKinds = {
  smartphone,
  tablet,
  laptop,
  monitor,
  tv,
  smartwatch,
  headphones,
  earbuds,
  wiredEarphones,
  speaker,
  soundbar,
  keyboard,
  mouse,
  gamepad,
  camera,
} satisfies Record<string, KindArt>;
