import { type Art, circ, darken, EDGE, ell, g, lighten, line, mix, path, rr } from "./kit.ts";
import type { KindArt } from "./types.ts";

function gold(a: Art): string {
  return a.cyl("#d2b06a");
}

function glass(a: Art, tint: string, opacity = 0.85): string {
  return a.lin(
    [
      [0, darken(tint, 0.25), opacity],
      [0.2, lighten(tint, 0.45), opacity],
      [0.35, lighten(tint, 0.15), opacity],
      [0.8, tint, opacity],
      [1, darken(tint, 0.35), opacity],
    ],
    0,
    0,
    1,
    0,
  );
}

function jar(a: Art, c: string, x: number, y: number, s: number, open: boolean): string {
  const body =
    rr(-200, -20, 400, 230, 50, a.cyl(c, 0.8), EDGE) +
    ell(0, 200, 195, 20, darken(c, 0.2), `fill-opacity=".4"`);
  const lid = open
    ? ell(0, -20, 196, 46, lighten(c, 0.2), EDGE) +
      ell(0, -20, 176, 38, "#f8f4ef") +
      path("M-80 -30 Q0 -90 60 -40 Q20 -20 -20 -45 Q-40 -20 -80 -30 Z", "#ffffff", EDGE)
    : rr(-210, -120, 420, 110, 30, gold(a), EDGE) +
      ell(
        0,
        -120,
        210,
        34,
        a.lin([
          [0, "#f3dfae"],
          [1, "#b8924a"],
        ]),
        EDGE,
      );
  return g(body + lid, `transform="translate(${x} ${y}) scale(${s})"`);
}

const creamJar: KindArt = {
  colour: "#f1d9d6",
  views: [
    (a, c) =>
      a.shadow(450, 960, 400, 40) +
      g(rr(-210, -55, 420, 110, 30, gold(a), EDGE), `transform="translate(720 640) rotate(-70)"`) +
      jar(a, c, 590, 700, 0.95, true) +
      jar(a, c, 330, 760, 1.2, false),
    (a, c) => a.shadow(450, 940, 300, 34) + jar(a, c, 450, 720, 1.3, false),
    (a, c) => a.shadow(450, 940, 300, 34) + jar(a, c, 450, 720, 1.3, true),
  ],
};

const serum: KindArt = {
  colour: "#c98b4a",
  views: [
    (a, c) =>
      a.shadow(450, 1010, 220, 30) +
      rr(400, 170, 100, 170, 50, a.cyl("#2a2c30"), EDGE) +
      rr(370, 330, 160, 90, 14, gold(a), EDGE) +
      rr(270, 410, 360, 590, 60, glass(a, c), EDGE) +
      rr(290, 560, 320, 420, 44, darken(c, 0.15), `fill-opacity=".45"`) +
      rr(300, 600, 300, 260, 12, "#fbf8f2", EDGE) +
      rr(330, 640, 240, 18, 8, darken(c, 0.2), `fill-opacity=".5"`) +
      rr(330, 680, 160, 12, 6, darken(c, 0.2), `fill-opacity=".35"`) +
      rr(290, 430, 40, 540, 20, "#ffffff", `fill-opacity=".35"`),
    (a, c) =>
      a.shadow(450, 1000, 340, 30) +
      g(
        rr(-50, -260, 100, 170, 50, a.cyl("#2a2c30"), EDGE) +
          rr(-16, -100, 32, 420, 16, glass(a, "#f0f4f8"), EDGE) +
          path("M-16 300 L16 300 L0 340 Z", lighten(c, 0.3)),
        `transform="translate(640 560) rotate(18)"`,
      ) +
      circ(690, 960, 20, lighten(c, 0.2), `fill-opacity=".8"`) +
      rr(190, 520, 300, 470, 50, glass(a, c), EDGE) +
      rr(220, 600, 240, 200, 12, "#fbf8f2", EDGE) +
      rr(270, 470, 140, 60, 12, gold(a), EDGE),
  ],
  detail: [450, 380, 1.8],
};

const faceMask: KindArt = {
  colour: "#8fc7b4",
  views: [
    (a, c) =>
      a.shadow(450, 1000, 340, 26) +
      path("M200 200 L700 200 L710 980 L190 980 Z", a.body(c, 0.8), EDGE) +
      line("M200 230 L700 230 M195 950 L705 950", darken(c, 0.2), 4, `stroke-dasharray="6 6"`) +
      path(
        "M450 330 Q610 330 620 520 Q630 720 560 820 Q510 880 450 880 Q390 880 340 820 Q270 720 280 520 Q290 330 450 330 Z",
        "#fbfbf9",
        EDGE,
      ) +
      ell(385, 520, 44, 22, a.body(c, 0.8)) +
      ell(515, 520, 44, 22, a.body(c, 0.8)) +
      rr(410, 760, 80, 24, 12, a.body(c, 0.8)) +
      path("M440 600 L460 600 L470 680 L430 680 Z", a.body(c, 0.8)),
    (a, c) =>
      a.shadow(450, 1000, 300, 26) +
      g(
        path("M200 200 L700 200 L710 980 L190 980 Z", a.body(c, 0.8), EDGE),
        `transform="rotate(-8 450 600) translate(60 -20)"`,
      ) +
      g(
        path("M200 200 L700 200 L710 980 L190 980 Z", a.body(lighten(c, 0.15), 0.8), EDGE) +
          path(
            "M450 330 Q610 330 620 520 Q630 720 560 820 Q510 880 450 880 Q390 880 340 820 Q270 720 280 520 Q290 330 450 330 Z",
            "#fbfbf9",
            EDGE,
          ),
        `transform="rotate(6 450 600) translate(-40 30) scale(0.95)"`,
      ),
  ],
  detail: [450, 560, 1.7],
};

function bottle(a: Art, c: string, x: number, y: number, w: number, h: number, cap: string): string {
  return (
    rr(x + w * 0.32, y - 90, w * 0.36, 110, 14, a.cyl(cap), EDGE) +
    rr(x + w * 0.28, y - 30, w * 0.44, 40, 10, a.cyl(darken(cap, 0.1)), EDGE) +
    path(
      `M${x + w * 0.22} ${y} Q${x} ${y + 20} ${x} ${y + 120} L${x} ${y + h - 40} Q${x} ${y + h} ${x + 40} ${y + h} L${x + w - 40} ${y + h} Q${x + w} ${y + h} ${x + w} ${y + h - 40} L${x + w} ${y + 120} Q${x + w} ${y + 20} ${x + w * 0.78} ${y} Z`,
      a.cyl(c, 0.8),
      EDGE,
    ) +
    rr(x + 26, y + h * 0.35, w - 52, h * 0.42, 16, lighten(c, 0.75), `fill-opacity=".9"`) +
    rr(x + 56, y + h * 0.42, w - 112, 18, 8, darken(c, 0.2), `fill-opacity=".6"`) +
    rr(x + 56, y + h * 0.42 + 36, (w - 112) * 0.6, 12, 6, darken(c, 0.2), `fill-opacity=".4"`) +
    rr(x + 14, y + 80, 24, h - 140, 12, "#ffffff", `fill-opacity=".25"`)
  );
}

const shampoo: KindArt = {
  colour: "#5b8fd6",
  views: [
    (a, c) =>
      a.shadow(450, 1010, 330, 30) +
      bottle(a, lighten(c, 0.25), 480, 430, 230, 570, darken(c, 0.2)) +
      bottle(a, c, 210, 270, 290, 730, darken(c, 0.3)),
    (a, c) => a.shadow(450, 1010, 230, 30) + bottle(a, c, 300, 280, 300, 720, darken(c, 0.3)),
  ],
  detail: [350, 500, 1.6],
};

function dryer(a: Art, c: string): string {
  return (
    path("M420 540 L560 540 L600 960 Q600 1000 560 1000 L500 1000 Q460 1000 455 960 Z", a.cyl(c), EDGE) +
    rr(500, 620, 40, 90, 14, darken(c, 0.35)) +
    rr(500, 740, 40, 40, 14, darken(c, 0.35)) +
    line("M530 1000 C540 1080 620 1080 700 1060", "#2a2d33", 14) +
    rr(
      140,
      340,
      620,
      260,
      130,
      a.lin([
        [0, lighten(c, 0.3)],
        [0.35, c],
        [1, darken(c, 0.35)],
      ]),
      EDGE,
    ) +
    rr(90, 370, 110, 200, 40, a.vert(darken(c, 0.25)), EDGE) +
    rr(70, 390, 40, 160, 14, darken(c, 0.5)) +
    circ(700, 470, 120, darken(c, 0.3), EDGE) +
    circ(
      700,
      470,
      96,
      a.rad([
        [0, "#5a5e66"],
        [1, "#1d1e22"],
      ]),
    ) +
    line(
      "M620 420 L780 420 M610 460 L790 460 M610 500 L790 500 M620 540 L780 540",
      "#111",
      8,
      `stroke-opacity=".6"`,
    ) +
    rr(220, 370, 400, 30, 15, "#ffffff", `fill-opacity=".3"`)
  );
}

const hairDryer: KindArt = {
  colour: "#e9a5b7",
  boxed: true,
  views: [
    (a, c) => a.shadow(450, 1020, 300, 26) + dryer(a, c),
    (a, c) =>
      a.shadow(450, 1020, 300, 26) +
      g(dryer(a, c), `transform="translate(900 0) scale(-1 1)"`) +
      rr(620, 860, 160, 80, 30, a.body("#3a3d44"), `${EDGE} transform="rotate(-10 700 900)"`),
  ],
  detail: [650, 470, 1.7],
};

function lipstickTube(a: Art, c: string, x: number, y: number, s: number, rot: number): string {
  return g(
    path("M-55 -210 L55 -150 L55 40 L-55 40 Z", a.cyl(c, 1.2), EDGE) +
      path("M-55 -210 L55 -150 L20 -160 L-45 -195 Z", lighten(c, 0.3), `fill-opacity=".6"`) +
      rr(-70, 30, 140, 80, 8, gold(a), EDGE) +
      rr(-80, 100, 160, 300, 16, a.cyl("#1f2024"), EDGE) +
      rr(-80, 100, 160, 18, 6, gold(a)),
    `transform="translate(${x} ${y}) rotate(${rot}) scale(${s})"`,
  );
}

const lipstick: KindArt = {
  colour: "#b3263a",
  views: [
    (a, c) =>
      a.shadow(450, 1020, 300, 30) +
      g(
        rr(-80, -200, 160, 300, 16, a.cyl("#1f2024"), EDGE) + rr(-80, 80, 160, 20, 6, gold(a)),
        `transform="translate(640 880) rotate(75)"`,
      ) +
      lipstickTube(a, c, 380, 600, 1.25, 0),
    (a, c) =>
      a.shadow(450, 1000, 300, 30) +
      path(
        "M140 900 Q300 820 450 860 Q600 900 760 820",
        "none",
        `stroke="${c}" stroke-width="70" stroke-linecap="round" stroke-opacity=".9"`,
      ) +
      lipstickTube(a, c, 470, 460, 1.1, 40),
  ],
  detail: [380, 420, 2],
};

const mascara: KindArt = {
  colour: "#1f2024",
  views: [
    (a, c) =>
      a.shadow(450, 1010, 300, 30) +
      g(
        rr(-14, -360, 28, 360, 12, a.cyl("#b9bcc2"), EDGE) +
          rr(-34, -600, 68, 260, 34, "#111214") +
          line(
            Array.from({ length: 24 }, (_, i) => `M-44 ${-590 + i * 10}L44 ${-590 + i * 10}`).join(""),
            "#2a2b2f",
            5,
          ) +
          rr(-50, 0, 100, 330, 30, a.cyl(c, 1.2), EDGE),
        `transform="translate(600 640) rotate(24)"`,
      ) +
      rr(250, 300, 110, 700, 50, a.cyl(c, 1.2), EDGE) +
      rr(250, 650, 110, 20, 6, gold(a)),
  ],
  detail: [470, 340, 1.7],
};

const foundation: KindArt = {
  colour: "#d9b48f",
  views: [
    (a, c) =>
      a.shadow(450, 1010, 280, 30) +
      rr(410, 180, 80, 40, 10, a.cyl("#1f2024"), EDGE) +
      path("M440 200 L520 200 L520 180 L560 180 L560 200", "none", `stroke="#1f2024" stroke-width="20"`) +
      rr(380, 210, 140, 170, 20, a.cyl("#1f2024"), EDGE) +
      rr(250, 370, 400, 630, 40, glass(a, "#f4f6f8", 0.6), EDGE) +
      rr(272, 420, 356, 560, 28, a.cyl(c, 0.7)) +
      rr(272, 420, 60, 560, 28, "#ffffff", `fill-opacity=".3"`),
    (a, c) =>
      a.shadow(450, 920, 360, 40) +
      path("M160 760 Q300 620 480 700 Q660 780 760 700 Q720 880 460 880 Q220 880 160 760 Z", c, EDGE) +
      path(
        "M260 740 Q380 680 500 730",
        "none",
        `stroke="${lighten(c, 0.35)}" stroke-width="20" stroke-linecap="round"`,
      ),
  ],
  detail: [450, 300, 1.8],
};

const perfume: KindArt = {
  colour: "#e6b980",
  boxed: true,
  views: [
    (a, c) =>
      a.shadow(450, 1010, 300, 30) +
      rr(
        370,
        200,
        160,
        180,
        20,
        a.lin(
          [
            [0, "#1f2024"],
            [0.4, "#4a4d54"],
            [1, "#111"],
          ],
          0,
          0,
          1,
          0,
        ),
        EDGE,
      ) +
      rr(410, 370, 80, 60, 8, gold(a), EDGE) +
      rr(210, 420, 480, 580, 60, glass(a, mix(c, "#ffffff", 0.3), 0.7), EDGE) +
      rr(240, 520, 420, 450, 40, c, `fill-opacity=".55"`) +
      rr(240, 450, 60, 520, 30, "#ffffff", `fill-opacity=".35"`),
  ],
  detail: [450, 420, 1.6],
};

export const beautyKinds = {
  creamJar,
  serum,
  faceMask,
  shampoo,
  hairDryer,
  lipstick,
  mascara,
  foundation,
  perfume,
} satisfies Record<string, KindArt>;
