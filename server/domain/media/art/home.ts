import { type Art, circ, darken, EDGE, ell, g, lighten, line, mix, path, rr } from "./kit.ts";
import type { KindArt } from "./types.ts";

function steel(a: Art): string {
  return a.lin(
    [
      [0, "#f4f6f8"],
      [0.35, "#b9bec5"],
      [0.55, "#eef1f4"],
      [1, "#8e949c"],
    ],
    0,
    0,
    1,
    1,
  );
}

function pan(a: Art, c: string): string {
  const inside = a.rad(
    [
      [0, "#4a4d54"],
      [0.7, "#26282d"],
      [1, "#141518"],
    ],
    0.42,
    0.38,
    0.7,
  );
  return (
    a.shadow(450, 790, 380, 70) +
    g(
      rr(0, -26, 330, 52, 26, a.body(darken(c, 0.3)), EDGE) +
        rr(0, -14, 60, 28, 10, steel(a)) +
        circ(300, 0, 10, lighten(c, 0.4)),
      `transform="translate(700 620) rotate(38)"`,
    ) +
    ell(420, 640, 330, 190, a.cyl(c), EDGE) +
    ell(420, 600, 330, 185, a.body(c), EDGE) +
    ell(420, 604, 300, 162, inside) +
    ell(360, 560, 120, 50, "#ffffff", `fill-opacity=".08"`) +
    path("M140 600 Q420 430 700 600", "none", `stroke="#ffffff" stroke-opacity=".12" stroke-width="10"`)
  );
}

const panArt: KindArt = {
  colour: "#3a3d44",
  views: [
    (a, c) => g(pan(a, c), `transform="translate(-60 0)"`),
    (a, c) =>
      a.shadow(450, 860, 400, 34) +
      path("M130 700 L690 700 L660 840 Q650 860 620 860 L200 860 Q170 860 160 840 Z", a.cyl(c), EDGE) +
      ell(410, 700, 280, 26, "#1d1e22") +
      rr(680, 676, 220, 44, 20, a.body(darken(c, 0.3)), `${EDGE} transform="rotate(-8 680 700)"`),
    (a, c) =>
      a.shadow(450, 980, 300, 30) +
      g(pan(a, c), `transform="translate(450 700) rotate(-90) scale(0.9) translate(-450 -640)"`),
  ],
  detail: [360, 600, 1.5],
};

function pot(a: Art, c: string): string {
  return (
    a.shadow(450, 950, 360, 34) +
    rr(110, 520, 90, 44, 20, a.body("#2a2c30"), EDGE) +
    rr(700, 520, 90, 44, 20, a.body("#2a2c30"), EDGE) +
    path("M180 480 L720 480 L710 880 Q700 940 620 945 L280 945 Q200 940 190 880 Z", a.cyl(c), EDGE) +
    ell(450, 480, 270, 62, darken(c, 0.2), EDGE) +
    ell(
      450,
      470,
      262,
      58,
      a.lin([
        [0, "#ffffff", 0.7],
        [1, "#aab4bd", 0.5],
      ]),
      EDGE,
    ) +
    ell(450, 470, 240, 48, "none", `stroke="#c9ccd2" stroke-width="8"`) +
    ell(450, 420, 50, 18, "#2a2c30") +
    rr(420, 370, 60, 50, 20, a.body("#2a2c30"), EDGE) +
    path(
      "M240 470 Q300 430 380 430",
      "none",
      `stroke="#fff" stroke-width="10" stroke-opacity=".6" stroke-linecap="round"`,
    )
  );
}

const potArt: KindArt = {
  colour: "#b8322f",
  views: [
    pot,
    (a, c) =>
      a.shadow(450, 960, 380, 30) +
      g(pot(a, c), `transform="translate(260 570) scale(0.5) translate(-450 -700)"`) +
      g(pot(a, c), `transform="translate(560 500) scale(0.62) translate(-450 -700)"`) +
      g(pot(a, c), `transform="translate(430 760) scale(0.75) translate(-450 -700)"`),
  ],
  detail: [450, 450, 1.8],
};

function knife(a: Art, c: string): string {
  return g(
    path("M0 -34 L520 -40 Q600 -30 640 0 Q580 40 520 40 L0 40 Z", steel(a), EDGE) +
      line("M20 26 L560 26", "#ffffff", 4, `stroke-opacity=".7"`) +
      rr(-40, -46, 46, 92, 12, a.cyl("#c9ccd2"), EDGE) +
      rr(-300, -40, 270, 80, 34, a.body(c, 1.2, 0, 1), EDGE) +
      circ(-230, 0, 9, "#d5d8dc") +
      circ(-150, 0, 9, "#d5d8dc") +
      circ(-70, 0, 9, "#d5d8dc"),
    `transform="translate(380 640) rotate(-52) scale(1.05)"`,
  );
}

const knifeArt: KindArt = {
  colour: "#1f2024",
  boxed: true,
  views: [
    (a, c) => a.shadow(450, 990, 240, 26) + knife(a, c),
    (a, c) =>
      a.shadow(450, 1000, 300, 30) +
      path("M260 560 L560 440 L640 980 L300 980 Z", a.body("#9a7350"), EDGE) +
      [0, 1, 2, 3]
        .map((i) =>
          g(
            rr(-26, -220, 52, 220, 22, a.body(c, 1.2, 0, 1), EDGE),
            `transform="translate(${330 + i * 62} ${560 - i * 26}) rotate(-22)"`,
          ),
        )
        .join("") +
      line("M300 620 L600 500", "#5a3f28", 10),
  ],
  detail: [560, 480, 1.8],
};

function stack(a: Art, layers: readonly (readonly [number, string])[], band: string): string {
  return layers
    .map(([y, colour], i) => {
      const w = 600 - i * 16;
      const x = 450 - w / 2;
      return (
        rr(x, y, w, 120, 46, a.body(colour, 0.8, 0.2, 1), EDGE) +
        path(
          `M${x + 20} ${y + 100} Q450 ${y + 130} ${x + w - 20} ${y + 100}`,
          "none",
          `stroke="${darken(colour, 0.3)}" stroke-opacity=".4" stroke-width="6"`,
        ) +
        rr(x + w - 140, y, 40, 120, 0, band, `fill-opacity=".7"`)
      );
    })
    .reverse()
    .join("");
}

const bedLinen: KindArt = {
  colour: "#a9c6e8",
  views: [
    (a, c) => {
      const ribbon = mix(c, "#ffffff", 0.65);
      return (
        a.shadow(450, 990, 360, 30) +
        stack(
          a,
          [
            [850, darken(c, 0.06)],
            [720, lighten(c, 0.3)],
            [590, c],
            [460, lighten(c, 0.15)],
            [330, c],
          ],
          darken(c, 0.15),
        ) +
        rr(390, 320, 40, 660, 6, ribbon, EDGE)
      );
    },
    (a, c) =>
      a.shadow(450, 1030, 420, 30) +
      rr(60, 380, 780, 280, 40, a.body("#9a7350"), EDGE) +
      rr(60, 640, 780, 280, 20, "#ffffff", EDGE) +
      rr(120, 560, 300, 150, 60, a.body(lighten(c, 0.35), 0.6), EDGE) +
      rr(480, 560, 300, 150, 60, a.body(lighten(c, 0.35), 0.6), EDGE) +
      path("M50 720 Q450 680 850 720 L870 1000 Q450 1040 30 1000 Z", a.body(c, 0.8, 0, 1), EDGE) +
      line("M60 780 Q450 740 840 780", darken(c, 0.2), 6, `stroke-opacity=".5"`) +
      rr(60, 1000, 40, 40, 6, "#7a5a3e") +
      rr(800, 1000, 40, 40, 6, "#7a5a3e"),
  ],
  detail: [450, 520, 1.7],
};

const towel: KindArt = {
  colour: "#f0e7d4",
  views: [
    (a, c) =>
      a.shadow(450, 960, 330, 30) +
      stack(
        a,
        [
          [800, c],
          [650, c],
          [500, c],
          [350, c],
        ],
        darken(c, 0.2),
      ),
    (a, c) => {
      const roll = (x: number, y: number, s: number) =>
        g(
          rr(-200, -110, 400, 220, 110, a.body(c, 0.8, 0, 1), EDGE) +
            ell(200, 0, 60, 110, lighten(c, 0.1), EDGE) +
            ell(200, 0, 40, 80, "none", `stroke="${darken(c, 0.2)}" stroke-width="8"`) +
            ell(200, 0, 20, 40, "none", `stroke="${darken(c, 0.2)}" stroke-width="6"`) +
            rr(60, -110, 36, 220, 0, darken(c, 0.2), `fill-opacity=".6"`),
          `transform="translate(${x} ${y}) scale(${s})"`,
        );
      return a.shadow(450, 960, 360, 30) + roll(360, 850, 1) + roll(520, 620, 0.95) + roll(340, 400, 0.9);
    },
  ],
  detail: [450, 600, 1.8],
};

function plaid(a: Art, c: string, x: number, y: number, w: number, h: number): string {
  const clip = a.clip(rr(x, y, w, h, 30, "#000"));
  const lines: string[] = [];
  for (let i = x + 40; i < x + w; i += 90) lines.push(`M${i} ${y}L${i} ${y + h}`);
  for (let j = y + 40; j < y + h; j += 90) lines.push(`M${x} ${j}L${x + w} ${j}`);
  return (
    rr(x, y, w, h, 30, a.body(c, 0.8, 0.3, 1), EDGE) +
    g(
      line(lines.join(""), darken(c, 0.3), 22, `stroke-opacity=".45"`) +
        line(lines.join(""), lighten(c, 0.5), 4, `stroke-opacity=".6"`),
      `clip-path="${clip}"`,
    )
  );
}

const blanket: KindArt = {
  colour: "#8a3b3b",
  views: [
    (a, c) =>
      a.shadow(450, 940, 360, 30) +
      plaid(a, c, 140, 720, 620, 200) +
      plaid(a, c, 150, 530, 600, 200) +
      plaid(a, c, 160, 340, 580, 200) +
      line(
        Array.from({ length: 14 }, (_, i) => `M${760} ${735 + i * 13}L${790} ${740 + i * 13}`).join(""),
        lighten(c, 0.2),
        5,
      ),
    (a, c) =>
      a.shadow(450, 900, 380, 30) +
      g(plaid(a, c, -330, -150, 660, 300), `transform="translate(450 720) rotate(-4)"`) +
      ell(770, 710, 70, 150, a.body(c), EDGE) +
      ell(770, 710, 46, 100, "none", `stroke="${darken(c, 0.3)}" stroke-width="10"`),
  ],
  detail: [450, 450, 1.8],
};

const grill: KindArt = {
  colour: "#1f2024",
  boxed: true,
  views: [
    (a, c) =>
      a.shadow(450, 1050, 330, 30) +
      line("M320 700 L220 1020 M580 700 L680 1020 M450 720 L450 980", "#6a6e75", 18) +
      circ(220, 1010, 34, "#2a2d33") +
      circ(680, 1010, 34, "#2a2d33") +
      ell(450, 870, 200, 34, "#8a8d93", `fill-opacity=".7"`) +
      path("M160 560 Q170 800 450 810 Q730 800 740 560 Z", a.body(c, 1, 0.5, 1), EDGE) +
      path("M170 560 Q170 290 450 280 Q730 290 730 560 Z", a.body(c, 1.2, 0.6, 1), EDGE) +
      path("M170 560 Q170 290 450 280 Q730 290 730 560 Z", a.gloss(0.25)) +
      rr(150, 550, 600, 24, 10, "#3a3d44") +
      rr(370, 250, 160, 40, 18, "#2a2d33") +
      ell(450, 420, 50, 18, "#aab0b8") +
      line("M700 660 L780 660", "#2a2d33", 14),
  ],
  detail: [450, 420, 1.7],
};

const hose: KindArt = {
  colour: "#2f8a4f",
  boxed: true,
  views: [
    (a, c) => {
      const coils = Array.from({ length: 7 }, (_, i) =>
        ell(
          450,
          560,
          250 - i * 22,
          250 - i * 22,
          "none",
          `stroke="${i % 2 ? c : lighten(c, 0.1)}" stroke-width="26"`,
        ),
      ).join("");
      return (
        a.shadow(450, 960, 340, 30) +
        rr(150, 300, 40, 660, 14, a.cyl("#f2c230"), EDGE) +
        rr(710, 300, 40, 660, 14, a.cyl("#f2c230"), EDGE) +
        circ(450, 560, 290, darken(c, 0.55), `fill-opacity=".15"`) +
        coils +
        circ(450, 560, 290, "none", `stroke="${darken(c, 0.4)}" stroke-width="4" stroke-opacity=".5"`) +
        circ(450, 560, 90, "#f2c230", EDGE) +
        rr(190, 930, 520, 30, 10, "#e0b02a", EDGE) +
        line("M450 810 C560 900 700 880 760 980", c, 26) +
        g(
          rr(0, -30, 120, 60, 20, "#3a3d44", EDGE) +
            path("M100 20 L130 130 L90 130 L70 20 Z", "#f2c230", EDGE),
          `transform="translate(690 940)"`,
        )
      );
    },
  ],
  detail: [450, 560, 1.6],
};

const trimmer: KindArt = {
  colour: "#e36a2a",
  boxed: true,
  views: [
    (a, c) =>
      a.shadow(450, 1040, 300, 26) +
      g(
        rr(-16, -40, 32, 900, 14, a.cyl("#3a3d44"), EDGE) +
          rr(-80, -200, 160, 220, 50, a.body(c, 1.1, 1, 1), EDGE) +
          rr(-50, -160, 60, 80, 16, darken(c, 0.4)) +
          line("M-140 300 L140 300", "#2a2d33", 30) +
          rr(-170, 280, 60, 40, 14, "#1d1e22") +
          rr(110, 280, 60, 40, 14, "#1d1e22") +
          path("M-70 850 L70 850 L110 930 L-110 930 Z", a.body(c), EDGE) +
          ell(0, 940, 120, 26, "#2a2d33") +
          line("M-150 940 L150 940", "#f2c230", 4),
        `transform="translate(480 250) rotate(-18) scale(0.9)"`,
      ),
  ],
  detail: [450, 300, 1.6],
};

const tableware: KindArt = {
  colour: "#f4f2ee",
  views: [
    (a, c) =>
      a.shadow(450, 900, 380, 40) +
      ell(400, 760, 340, 150, a.body(c, 0.6), EDGE) +
      ell(400, 750, 240, 100, darken(c, 0.04), EDGE) +
      ell(400, 750, 320, 138, "none", `stroke="${darken(c, 0.25)}" stroke-width="6" stroke-opacity=".6"`) +
      line("M660 420 C790 420 790 600 660 600", darken(c, 0.2), 40) +
      line("M660 420 C775 420 775 600 660 600", a.body(c), 28) +
      path("M440 360 L680 360 L665 700 Q660 740 620 740 L500 740 Q460 740 455 700 Z", a.cyl(c, 0.8), EDGE) +
      ell(560, 360, 120, 24, darken(c, 0.15), EDGE) +
      ell(560, 364, 106, 18, "#6b3a22") +
      line("M460 420 L680 420", darken(c, 0.3), 6, `stroke-opacity=".4"`),
  ],
  detail: [560, 500, 1.6],
};

const pillow: KindArt = {
  colour: "#e9e4dc",
  views: [
    (a, c) =>
      a.shadow(450, 860, 380, 40) +
      path(
        "M140 380 Q450 330 760 380 Q800 600 760 820 Q450 870 140 820 Q100 600 140 380 Z",
        a.rad(
          [
            [0, lighten(c, 0.3)],
            [0.7, c],
            [1, darken(c, 0.2)],
          ],
          0.45,
          0.4,
          0.7,
        ),
        EDGE,
      ) +
      line("M200 420 Q250 500 230 600 M700 420 Q650 500 670 600", darken(c, 0.3), 6, `stroke-opacity=".3"`),
  ],
  detail: [450, 600, 1.6],
};

const lamp: KindArt = {
  colour: "#e8dcc4",
  views: [
    (a, c) =>
      a.shadow(450, 1020, 220, 24) +
      ell(450, 1000, 170, 34, a.body("#5a4a3a"), EDGE) +
      rr(430, 560, 40, 440, 14, a.cyl("#b48a5a"), EDGE) +
      ell(450, 560, 120, 30, "#fff3c4", `fill-opacity=".8"`) +
      path(
        "M300 220 L600 220 L700 580 L200 580 Z",
        a.lin(
          [
            [0, lighten(c, 0.3)],
            [0.5, c],
            [1, darken(c, 0.2)],
          ],
          0,
          0,
          1,
          0,
        ),
        EDGE,
      ) +
      ell(450, 580, 250, 30, darken(c, 0.1), EDGE),
  ],
  detail: [450, 500, 1.6],
};

const sofa: KindArt = {
  colour: "#6f7f8f",
  views: [
    (a, c) =>
      a.shadow(450, 900, 420, 30) +
      rr(110, 420, 680, 300, 50, a.body(c, 0.8), EDGE) +
      rr(40, 560, 140, 320, 50, a.body(c, 0.9), EDGE) +
      rr(720, 560, 140, 320, 50, a.body(c, 0.9), EDGE) +
      rr(170, 680, 280, 150, 30, a.body(lighten(c, 0.08), 0.8), EDGE) +
      rr(450, 680, 280, 150, 30, a.body(lighten(c, 0.08), 0.8), EDGE) +
      rr(170, 820, 560, 60, 20, darken(c, 0.2)) +
      rr(110, 880, 30, 40, 6, "#5a3f28") +
      rr(760, 880, 30, 40, 6, "#5a3f28"),
  ],
  detail: [450, 700, 1.6],
};

export const homeKinds = {
  pan: panArt,
  pot: potArt,
  knife: knifeArt,
  bedLinen,
  towel,
  blanket,
  grill,
  hose,
  trimmer,
  tableware,
  pillow,
  lamp,
  sofa,
} satisfies Record<string, KindArt>;
