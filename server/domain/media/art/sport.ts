import { wheel } from "./kids.ts";
import { type Art, circ, darken, EDGE, ell, g, lighten, line, mix, path, rr } from "./kit.ts";
import type { KindArt } from "./types.ts";

function dumbbell(a: Art, c: string, x: number, y: number, s: number, rot: number): string {
  const plate = (px: number, h: number) =>
    rr(
      px - 34,
      -h / 2,
      68,
      h,
      22,
      a.lin([
        [0, lighten(c, 0.25)],
        [0.5, c],
        [1, darken(c, 0.35)],
      ]),
      EDGE,
    ) + rr(px - 34, -h / 2 + 10, 14, h - 20, 7, lighten(c, 0.3), `fill-opacity=".4"`);
  return g(
    rr(-150, -20, 300, 40, 14, a.vert("#b9bcc2"), EDGE) +
      line("M-100 0 L100 0", "#8a8d93", 30, `stroke-dasharray="4 6" stroke-opacity=".5"`) +
      plate(-190, 230) +
      plate(-250, 190) +
      plate(190, 230) +
      plate(250, 190),
    `transform="translate(${x} ${y}) rotate(${rot}) scale(${s})"`,
  );
}

const dumbbells: KindArt = {
  colour: "#2a2c31",
  boxed: true,
  views: [
    (a, c) =>
      a.shadow(450, 990, 360, 30) + dumbbell(a, c, 420, 560, 1.05, -8) + dumbbell(a, c, 470, 850, 1.1, 4),
    (a, c) => a.shadow(450, 840, 380, 30) + dumbbell(a, c, 450, 700, 1.3, 0),
  ],
  detail: [300, 840, 1.8],
};

function matRoll(a: Art, c: string, x: number, y: number, w: number, r: number): string {
  const spiral = [0.8, 0.6, 0.4, 0.2]
    .map((t) => ell(x + w, y, r * 0.5 * t, r * t, "none", `stroke="${darken(c, 0.3)}" stroke-width="6"`))
    .join("");
  return (
    rr(
      x,
      y - r,
      w,
      2 * r,
      r,
      a.lin([
        [0, lighten(c, 0.25)],
        [0.35, c],
        [1, darken(c, 0.35)],
      ]),
      EDGE,
    ) +
    ell(
      x + w,
      y,
      r * 0.5,
      r,
      a.rad([
        [0, darken(c, 0.1)],
        [1, lighten(c, 0.1)],
      ]),
      EDGE,
    ) +
    spiral
  );
}

const yogaMat: KindArt = {
  colour: "#7a5fb0",
  views: [
    (a, c) =>
      a.shadow(450, 1010, 400, 30) +
      path(
        "M250 540 L650 540 L790 1000 L110 1000 Z",
        a.lin([
          [0, darken(c, 0.2)],
          [1, lighten(c, 0.12)],
        ]),
        EDGE,
      ) +
      line(
        "M230 620 L670 620 M205 720 L695 720 M172 840 L728 840",
        darken(c, 0.12),
        4,
        `stroke-opacity=".5"`,
      ) +
      path("M110 1000 L790 1000 L790 1012 L110 1012 Z", darken(c, 0.35)) +
      matRoll(a, c, 236, 470, 420, 86),
    (a, c) =>
      a.shadow(450, 800, 380, 30) +
      matRoll(a, c, 130, 660, 600, 120) +
      rr(260, 540, 34, 240, 10, "#2a2c30") +
      rr(560, 540, 34, 240, 10, "#2a2c30") +
      line("M277 540 Q420 380 577 540", "#2a2c30", 14),
  ],
  detail: [690, 480, 2],
};

const expander: KindArt = {
  colour: "#e36a2a",
  views: [
    (a, c) => {
      const handle = (x: number) =>
        line(`M${x - 60} 300 L${x} 420 L${x + 60} 300`, "#2a2c30", 12) +
        rr(x - 90, 266, 180, 56, 26, a.vert("#2a2c30"), EDGE) +
        rr(x - 70, 276, 140, 12, 6, "#5a5e66") +
        rr(x - 14, 410, 28, 40, 8, "#8a8d93", EDGE);
      return (
        a.shadow(450, 1020, 300, 26) +
        line("M260 440 C240 760 340 990 450 990 C560 990 660 760 640 440", darken(c, 0.3), 40) +
        line(
          "M260 440 C240 760 340 990 450 990 C560 990 660 760 640 440",
          a.lin(
            [
              [0, lighten(c, 0.2)],
              [1, darken(c, 0.1)],
            ],
            0,
            0,
            1,
            0,
          ),
          28,
        ) +
        handle(260) +
        handle(640)
      );
    },
    (a, c) =>
      a.shadow(450, 960, 340, 30) +
      [0, 1, 2]
        .map((i) =>
          ell(
            450,
            640 - i * 60,
            300 - i * 30,
            220 - i * 20,
            "none",
            `stroke="${[c, lighten(c, 0.3), darken(c, 0.3)][i]}" stroke-width="44"`,
          ),
        )
        .join(""),
  ],
};

function bicycle(a: Art, c: string): string {
  return (
    a.shadow(450, 960, 420, 28) +
    wheel(a, 200, 800, 160, "#c9ccd2", 12) +
    wheel(a, 700, 800, 160, "#c9ccd2", 12) +
    line(
      "M200 800 L380 800 L330 560 L640 560 L380 800 M640 560 L700 800 M330 560 L310 500 M640 560 L620 450",
      c,
      24,
    ) +
    line("M200 800 L330 560 M380 800 L640 560", lighten(c, 0.3), 6, `stroke-opacity=".5"`) +
    circ(380, 800, 36, "#2a2c30") +
    path("M250 480 Q300 460 370 480 L360 500 Q300 490 260 500 Z", "#1d1e22") +
    line("M590 440 L680 420", "#1d1e22", 20)
  );
}

const bicycleArt: KindArt = {
  colour: "#2f5fb3",
  views: [bicycle, (a, c) => g(bicycle(a, c), `transform="translate(900 0) scale(-1 1)"`)],
  detail: [450, 600, 1.5],
};

function scooter(a: Art, c: string): string {
  return (
    a.shadow(450, 1010, 360, 26) +
    rr(200, 900, 460, 46, 20, a.vert(c), EDGE) +
    rr(210, 890, 420, 14, 6, "#1d1e22") +
    line("M640 920 L720 230", darken(c, 0.1), 30) +
    line("M640 920 L720 230", lighten(c, 0.3), 8, `stroke-opacity=".5"`) +
    line("M610 230 L840 240", "#1d1e22", 30) +
    line("M660 920 L740 960", darken(c, 0.2), 20) +
    wheel(a, 210, 960, 60, c) +
    wheel(a, 740, 960, 60, c)
  );
}

const scooterArt: KindArt = {
  colour: "#2f8a4f",
  views: [scooter, (a, c) => g(scooter(a, c), `transform="translate(900 0) scale(-1 1)"`)],
  detail: [450, 920, 1.8],
};

const helmet: KindArt = {
  colour: "#e03c31",
  boxed: true,
  views: [
    (a, c) =>
      a.shadow(450, 900, 360, 36) +
      path(
        "M120 760 Q110 380 450 360 Q790 380 780 760 Q780 800 740 800 L160 800 Q120 800 120 760 Z",
        a.body(c, 1.2, 0.6, 1),
        EDGE,
      ) +
      path(
        "M120 760 Q110 380 450 360 Q790 380 780 760 Q780 800 740 800 L160 800 Q120 800 120 760 Z",
        a.gloss(0.25),
      ) +
      path("M260 440 Q300 600 280 760 L330 760 Q350 600 320 420 Z", "#1d1e22", `fill-opacity=".8"`) +
      path("M430 370 Q450 580 440 770 L490 770 Q500 580 480 370 Z", "#1d1e22", `fill-opacity=".8"`) +
      path("M590 420 Q580 600 600 760 L650 760 Q640 600 630 440 Z", "#1d1e22", `fill-opacity=".8"`) +
      rr(120, 760, 660, 40, 16, "#1d1e22") +
      line("M200 800 Q240 940 360 940 M700 800 Q660 940 540 940", "#2a2c30", 12),
  ],
  detail: [450, 560, 1.6],
};

const tent: KindArt = {
  colour: "#e36a2a",
  views: [
    (a, c) =>
      a.shadow(450, 940, 430, 30) +
      path("M80 920 Q200 520 450 400 Q700 520 820 920 Z", a.body(c, 1, 0.5, 1), EDGE) +
      path("M450 400 Q540 640 560 920 L820 920 Q700 520 450 400 Z", darken(c, 0.15)) +
      path("M300 920 Q330 700 450 580 Q570 700 600 920 Z", mix(darken(c, 0.55), "#1d1e22", 0.5)) +
      path("M450 580 Q400 760 400 920 L450 920 Z", lighten(c, 0.2), EDGE) +
      line("M450 400 L450 340 M80 920 L30 960 M820 920 L870 960", "#5a5e66", 6) +
      line("M120 860 Q300 520 450 420 Q600 520 780 860", lighten(c, 0.35), 5, `stroke-opacity=".6"`),
  ],
  detail: [450, 700, 1.6],
};

const sleepingBag: KindArt = {
  colour: "#2f6fd6",
  views: [
    (a, c) => {
      const outline =
        "M450 150 C610 150 660 260 650 380 L625 900 C620 990 545 1035 450 1035 C355 1035 280 990 275 900 L250 380 C240 260 290 150 450 150 Z";
      return (
        a.shadow(450, 1040, 280, 30) +
        path(outline, a.body(c, 1, 0.8, 1), EDGE) +
        [470, 580, 690, 800, 910]
          .map((y) => line(`M262 ${y} Q450 ${y + 36} 638 ${y}`, darken(c, 0.3), 6, `stroke-opacity=".6"`))
          .join("") +
        ell(450, 300, 150, 120, darken(c, 0.15), EDGE) +
        ell(
          450,
          310,
          112,
          88,
          a.rad([
            [0, mix(c, "#1d1e22", 0.75)],
            [1, mix(c, "#1d1e22", 0.5)],
          ]),
        ) +
        line("M360 392 Q450 440 540 392", "#c9ccd2", 6) +
        line("M600 400 L620 900", "#c9ccd2", 5, `stroke-dasharray="4 6"`)
      );
    },
    (a, c) =>
      a.shadow(450, 900, 300, 34) +
      rr(260, 420, 380, 460, 130, a.cyl(c), EDGE) +
      ell(450, 430, 190, 60, lighten(c, 0.15), EDGE) +
      line("M260 560 L640 560 M260 740 L640 740", "#1d1e22", 16) +
      line("M450 430 L450 370", "#1d1e22", 10),
  ],
  detail: [450, 300, 1.8],
};

function ballArt(a: Art, c: string): string {
  return (
    a.shadow(450, 960, 260, 30) +
    circ(
      450,
      640,
      310,
      a.rad(
        [
          [0, lighten(c, 0.5)],
          [0.6, c],
          [1, darken(c, 0.4)],
        ],
        0.35,
        0.3,
        0.75,
      ),
      EDGE,
    ) +
    path("M450 470 L560 550 L520 680 L380 680 L340 550 Z", "#1d1e22", `fill-opacity=".85"`) +
    line(
      "M450 470 L450 340 M560 550 L690 500 M520 680 L600 800 M380 680 L300 800 M340 550 L210 500",
      "#1d1e22",
      8,
      `stroke-opacity=".6"`,
    )
  );
}

const ball: KindArt = {
  colour: "#f2f2f0",
  views: [ballArt],
  detail: [450, 560, 1.6],
};

export const sportKinds = {
  dumbbells,
  yogaMat,
  expander,
  bicycle: bicycleArt,
  scooter: scooterArt,
  helmet,
  tent,
  sleepingBag,
  ball,
} satisfies Record<string, KindArt>;
