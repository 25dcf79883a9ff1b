import { type Art, circ, darken, EDGE, ell, f, g, lighten, line, mix, path, rr } from "./kit.ts";
import type { KindArt } from "./types.ts";

/** A wheel: tyre, rim and optional spokes. */
export function wheel(a: Art, cx: number, cy: number, r: number, rim: string, spokes = 0): string {
  const s: string[] = [];
  for (let i = 0; i < spokes; i++) {
    const t = (i / spokes) * Math.PI;
    s.push(
      `M${f(cx - Math.cos(t) * r * 0.82)} ${f(cy - Math.sin(t) * r * 0.82)}L${f(cx + Math.cos(t) * r * 0.82)} ${f(cy + Math.sin(t) * r * 0.82)}`,
    );
  }
  return (
    circ(cx, cy, r, "#1d1e22") +
    circ(cx, cy, r * 0.86, "none", `stroke="#3a3d44" stroke-width="${f(r * 0.06)}"`) +
    (spokes > 0
      ? circ(cx, cy, r * 0.84, "none", `stroke="${rim}" stroke-width="${f(Math.max(4, r * 0.05))}"`) +
        line(s.join(""), "#c9ccd2", Math.max(2, r * 0.015))
      : circ(
          cx,
          cy,
          r * 0.62,
          a.rad(
            [
              [0, lighten(rim, 0.4)],
              [1, darken(rim, 0.3)],
            ],
            0.4,
            0.35,
          ),
        )) +
    circ(cx, cy, r * 0.14, "#aab0b8", EDGE)
  );
}

function brick(a: Art, c: string, x: number, y: number, cols: number, w = 90): string {
  const studs = Array.from(
    { length: cols },
    (_, i) =>
      rr(x + 14 + i * w, y - 22, w - 28, 26, 8, a.cyl(c)) +
      ell(x + w / 2 + i * w, y - 22, (w - 28) / 2, 9, lighten(c, 0.3)),
  ).join("");
  return studs + rr(x, y, cols * w, 100, 8, a.body(c, 0.9, 0.4, 1), EDGE);
}

const blocks: KindArt = {
  colour: "#e03c31",
  boxed: true,
  views: [
    (a, c) =>
      a.shadow(450, 1000, 380, 30) +
      brick(a, "#2f6fd6", 170, 880, 4) +
      brick(a, "#f2c230", 530, 880, 2) +
      brick(a, c, 260, 760, 4) +
      brick(a, "#3bb55a", 620, 760, 1) +
      brick(a, "#f2c230", 300, 640, 3) +
      brick(a, c, 380, 520, 2) +
      brick(a, "#2f6fd6", 405, 400, 1),
    (a, c) =>
      a.shadow(450, 800, 300, 30) + g(brick(a, c, 0, 0, 4), `transform="translate(180 560) scale(1.5)"`),
    (a, c) =>
      a.shadow(450, 1000, 380, 40) +
      rr(170, 300, 560, 680, 20, a.body(mix(c, "#2f6fd6", 0.6), 0.7), EDGE) +
      rr(210, 340, 480, 380, 14, "#cfe5ff") +
      g(
        brick(a, c, 0, 0, 2) + brick(a, "#f2c230", 40, -110, 1) + brick(a, "#3bb55a", -60, 100, 4),
        `transform="translate(330 500) scale(0.9)"`,
      ) +
      rr(210, 760, 300, 40, 10, "#ffffff", `fill-opacity=".85"`) +
      rr(210, 820, 200, 24, 10, "#ffffff", `fill-opacity=".6"`),
  ],
  detail: [450, 640, 1.6],
};

function teddy(a: Art, c: string): string {
  const fur = (cx: number, cy: number, rx: number, ry: number) =>
    ell(
      cx,
      cy,
      rx,
      ry,
      a.rad(
        [
          [0, lighten(c, 0.25)],
          [0.8, c],
          [1, darken(c, 0.2)],
        ],
        0.4,
        0.35,
        0.7,
      ),
      EDGE,
    );
  return (
    a.shadow(450, 1010, 300, 30) +
    fur(290, 940, 100, 80) +
    fur(610, 940, 100, 80) +
    ell(290, 950, 60, 48, lighten(c, 0.4)) +
    ell(610, 950, 60, 48, lighten(c, 0.4)) +
    fur(450, 760, 210, 230) +
    ell(450, 800, 120, 140, lighten(c, 0.3)) +
    fur(240, 700, 70, 130) +
    fur(660, 700, 70, 130) +
    fur(300, 250, 80, 80) +
    fur(600, 250, 80, 80) +
    circ(300, 255, 42, lighten(c, 0.35)) +
    circ(600, 255, 42, lighten(c, 0.35)) +
    fur(450, 420, 200, 180) +
    ell(450, 490, 90, 70, lighten(c, 0.4)) +
    ell(450, 465, 32, 22, "#1d1e22") +
    line("M450 487 L450 515 M420 525 Q450 545 480 525", "#1d1e22", 6) +
    circ(375, 390, 20, "#1d1e22") +
    circ(525, 390, 20, "#1d1e22") +
    circ(369, 384, 6, "#ffffff") +
    circ(519, 384, 6, "#ffffff") +
    path("M380 580 L450 620 L520 580 L520 640 L450 610 L380 640 Z", "#d8343c", EDGE)
  );
}

const teddyArt: KindArt = {
  colour: "#b07a4f",
  boxed: true,
  views: [teddy, (a, c) => g(teddy(a, c), `transform="rotate(-8 450 700)"`)],
  detail: [450, 420, 1.7],
};

function doll(a: Art, c: string): string {
  return (
    a.shadow(450, 1060, 200, 24) +
    path("M320 250 Q300 600 360 720 L540 720 Q600 600 580 250 Z", "#e8b64c", EDGE) +
    rr(395, 950, 40, 100, 16, "#f2cdb0", EDGE) +
    rr(465, 950, 40, 100, 16, "#f2cdb0", EDGE) +
    rr(385, 1030, 60, 30, 14, darken(c, 0.3)) +
    rr(455, 1030, 60, 30, 14, darken(c, 0.3)) +
    path("M380 520 L520 520 L640 960 Q450 1000 260 960 Z", a.body(c), EDGE) +
    line("M300 900 Q450 940 600 900", lighten(c, 0.4), 10) +
    rr(370, 500, 160, 160, 40, a.body(c), EDGE) +
    rr(320, 520, 44, 240, 22, "#f2cdb0", `${EDGE} transform="rotate(12 342 520)"`) +
    rr(536, 520, 44, 240, 22, "#f2cdb0", `${EDGE} transform="rotate(-12 558 520)"`) +
    rr(430, 440, 40, 70, 16, "#f2cdb0") +
    ell(
      450,
      360,
      110,
      125,
      a.rad(
        [
          [0, "#fde3cf"],
          [1, "#e9b996"],
        ],
        0.45,
        0.4,
      ),
      EDGE,
    ) +
    path("M340 360 Q340 210 450 210 Q560 210 560 360 Q520 280 450 290 Q380 280 340 360 Z", "#e8b64c") +
    circ(410, 370, 14, "#3a6fb0") +
    circ(490, 370, 14, "#3a6fb0") +
    circ(406, 366, 4, "#ffffff") +
    circ(486, 366, 4, "#ffffff") +
    path("M425 425 Q450 440 475 425", "none", `stroke="#d4546a" stroke-width="6" stroke-linecap="round"`) +
    circ(395, 410, 16, "#f3a0a8", `fill-opacity=".5"`) +
    circ(505, 410, 16, "#f3a0a8", `fill-opacity=".5"`) +
    circ(560, 260, 26, lighten(c, 0.2), EDGE)
  );
}

const dollArt: KindArt = {
  colour: "#e46aa0",
  boxed: true,
  views: [doll],
  detail: [450, 380, 1.9],
};

function toyCar(a: Art, c: string): string {
  return (
    a.shadow(450, 850, 390, 34) +
    path(
      "M90 760 Q90 640 200 630 L300 620 L380 500 Q400 480 440 480 L600 480 Q640 480 660 510 L730 620 Q820 630 820 700 L820 770 Q820 800 790 800 L120 800 Q90 800 90 770 Z",
      a.body(c, 1, 0.3, 1),
      EDGE,
    ) +
    path(
      "M320 620 L395 515 L500 515 L500 620 Z",
      a.lin([
        [0, "#dff0ff"],
        [1, "#7fa7c9"],
      ]),
      EDGE,
    ) +
    path(
      "M530 620 L530 515 L600 515 Q620 515 630 530 L690 620 Z",
      a.lin([
        [0, "#dff0ff"],
        [1, "#7fa7c9"],
      ]),
      EDGE,
    ) +
    rr(790, 660, 30, 30, 10, "#ffe9a8") +
    rr(90, 670, 24, 30, 8, "#ff5a4a") +
    line("M100 730 L810 730", darken(c, 0.35), 4, `stroke-opacity=".6"`) +
    wheel(a, 250, 800, 90, "#c9ccd2") +
    wheel(a, 660, 800, 90, "#c9ccd2")
  );
}

const toyCarArt: KindArt = {
  colour: "#d8343c",
  boxed: true,
  views: [toyCar],
  detail: [450, 620, 1.5],
};

function stroller(a: Art, c: string): string {
  return (
    a.shadow(450, 1050, 360, 30) +
    line("M300 720 L210 990 M300 720 L640 990 M560 720 L640 990 M560 720 L300 990", "#3a3d44", 14) +
    line("M620 560 L720 260 L780 250", "#3a3d44", 16) +
    path("M180 520 Q180 760 430 770 Q640 770 660 560 Z", a.body(c, 1, 0.3, 1), EDGE) +
    path("M180 520 Q170 250 440 240 L470 240 L470 520 Z", a.body(darken(c, 0.1), 1, 0.3, 1), EDGE) +
    path(
      "M200 520 Q200 300 440 270",
      "none",
      `stroke="${lighten(c, 0.3)}" stroke-width="8" stroke-opacity=".6"`,
    ) +
    line("M180 520 L660 560", darken(c, 0.35), 10) +
    wheel(a, 210, 980, 70, "#c9ccd2") +
    wheel(a, 640, 980, 70, "#c9ccd2")
  );
}

const strollerArt: KindArt = {
  colour: "#3f4f66",
  views: [stroller, (a, c) => g(stroller(a, c), `transform="translate(900 0) scale(-1 1)"`)],
  detail: [400, 450, 1.6],
};

const carSeat: KindArt = {
  colour: "#2e3035",
  boxed: true,
  views: [
    (a, c) =>
      a.shadow(450, 1010, 300, 30) +
      path("M240 920 L660 920 L700 1000 L200 1000 Z", a.vert("#2a2c30"), EDGE) +
      path(
        "M260 300 Q260 170 450 170 Q640 170 640 300 L660 700 Q680 920 450 940 Q220 920 240 700 Z",
        a.body(c, 1, 0.5, 1),
        EDGE,
      ) +
      path(
        "M310 320 Q310 240 450 240 Q590 240 590 320 L600 640 Q600 820 450 840 Q300 820 300 640 Z",
        lighten(c, 0.12),
        EDGE,
      ) +
      rr(180, 560, 100, 260, 40, a.body(darken(c, 0.1)), EDGE) +
      rr(620, 560, 100, 260, 40, a.body(darken(c, 0.1)), EDGE) +
      line("M380 420 L430 700 M520 420 L470 700 M450 700 L450 830", "#1d1e22", 22) +
      rr(420, 680, 60, 50, 10, "#d8343c", EDGE),
  ],
  detail: [450, 600, 1.6],
};

const balanceBike: KindArt = {
  colour: "#2f8a4f",
  boxed: true,
  views: [
    (a, c) =>
      a.shadow(450, 930, 380, 30) +
      wheel(a, 220, 820, 130, "#c9ccd2", 6) +
      wheel(a, 680, 820, 130, "#c9ccd2", 6) +
      line("M220 820 L380 600 L640 560 L680 820 M640 560 L610 400", c, 34) +
      line(
        "M220 820 L380 600 L640 560 L680 820 M640 560 L610 400",
        lighten(c, 0.25),
        10,
        `stroke-opacity=".6"`,
      ) +
      rr(280, 540, 170, 40, 20, "#1d1e22") +
      line("M560 390 L680 410", "#1d1e22", 30),
  ],
  detail: [450, 560, 1.5],
};

function nappiesPack(a: Art, c: string): string {
  return (
    a.shadow(450, 1020, 330, 30) +
    path("M200 250 Q450 200 700 250 L720 980 Q450 1020 180 980 Z", a.body(c, 0.8, 0.5, 1), EDGE) +
    rr(360, 215, 180, 40, 20, darken(c, 0.2)) +
    circ(450, 430, 110, "#fff6c2", EDGE) +
    circ(410, 420, 10, "#3a3d44") +
    circ(490, 420, 10, "#3a3d44") +
    path("M410 470 Q450 500 490 470", "none", `stroke="#3a3d44" stroke-width="8" stroke-linecap="round"`) +
    path("M250 700 Q450 640 650 700 L630 900 Q450 940 270 900 Z", "#ffffff", EDGE) +
    path("M300 730 Q450 690 600 730 L590 780 Q450 750 310 780 Z", lighten(c, 0.4)) +
    rr(250, 560, 400, 40, 20, "#ffffff", `fill-opacity=".6"`)
  );
}

const nappies: KindArt = {
  colour: "#5aa0e0",
  views: [
    nappiesPack,
    (a, c) =>
      a.shadow(450, 900, 340, 40) +
      path(
        "M170 420 Q450 380 730 420 L690 560 Q600 600 560 720 Q520 860 450 860 Q380 860 340 720 Q300 600 210 560 Z",
        "#fbfbf9",
        EDGE,
      ) +
      path("M170 420 L260 420 L250 520 L190 510 Z", lighten(c, 0.2), EDGE) +
      path("M730 420 L640 420 L650 520 L710 510 Z", lighten(c, 0.2), EDGE) +
      path("M340 460 Q450 440 560 460 L540 600 Q450 620 360 600 Z", lighten(c, 0.55)) +
      line("M210 560 Q300 600 340 720 M690 560 Q600 600 560 720", lighten(c, 0.2), 8),
  ],
  detail: [450, 430, 1.6],
};

const wipes: KindArt = {
  colour: "#8fd0c4",
  views: [
    (a, c) =>
      a.shadow(450, 900, 380, 36) +
      rr(120, 440, 660, 440, 90, a.body(c, 0.7), EDGE) +
      rr(300, 500, 300, 130, 50, a.body(darken(c, 0.25)), EDGE) +
      path("M380 560 Q450 380 520 560 Z", "#fbfbf9", EDGE) +
      rr(180, 700, 540, 120, 30, "#ffffff", `fill-opacity=".7"`) +
      circ(260, 760, 30, lighten(c, 0.3)),
  ],
  detail: [450, 540, 1.7],
};

export const kidsKinds = {
  blocks,
  doll: dollArt,
  teddy: teddyArt,
  toyCar: toyCarArt,
  stroller: strollerArt,
  carSeat,
  balanceBike,
  nappies,
  wipes,
} satisfies Record<string, KindArt>;
