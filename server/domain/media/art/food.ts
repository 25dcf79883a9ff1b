import { type Art, circ, darken, EDGE, ell, f, g, lighten, line, mix, path, rr } from "./kit.ts";
import type { KindArt } from "./types.ts";

/** A pack's label without words: a light panel with a picture of what is inside and a few bars. */
function label(x: number, y: number, w: number, h: number, ink: string): string {
  return (
    rr(x, y, w, h, 18, "#ffffff", `fill-opacity=".88"`) +
    rr(x + w * 0.15, y + h * 0.66, w * 0.7, 16, 8, ink, `fill-opacity=".75"`) +
    rr(x + w * 0.25, y + h * 0.66 + 30, w * 0.5, 12, 6, ink, `fill-opacity=".45"`)
  );
}

function carton(a: Art, c: string): string {
  return (
    a.shadow(450, 1020, 260, 30) +
    path("M270 330 L450 190 L630 330 Z", lighten(c, 0.5), EDGE) +
    rr(390, 160, 120, 50, 6, "#f4f4f2", EDGE) +
    circ(560, 270, 30, a.cyl(c), EDGE) +
    rr(270, 330, 360, 680, 10, "#fbfbf9", EDGE) +
    rr(
      270,
      330,
      360,
      680,
      10,
      a.lin(
        [
          [0, "#ffffff", 0],
          [0.8, "#000000", 0.04],
          [1, "#000000", 0.15],
        ],
        0,
        0,
        1,
        0,
      ),
    ) +
    path("M270 700 Q360 640 450 700 Q540 760 630 700 L630 1010 L270 1010 Z", a.body(c, 0.6), EDGE) +
    ell(450, 520, 110, 90, "#ffffff", EDGE) +
    path("M390 560 Q450 470 510 560 Q520 600 450 600 Q380 600 390 560 Z", c, `fill-opacity=".8"`) +
    rr(330, 830, 240, 20, 10, "#ffffff", `fill-opacity=".7"`)
  );
}

const milk: KindArt = {
  colour: "#2f6fd6",
  views: [
    carton,
    (a, c) =>
      a.shadow(450, 1010, 330, 30) +
      g(carton(a, c), `transform="translate(-110 0)"`) +
      path(
        "M600 460 L780 460 L760 1000 L620 1000 Z",
        a.lin(
          [
            [0, "#eef3f7", 0.9],
            [0.3, "#ffffff", 0.95],
            [1, "#d7e0e8", 0.9],
          ],
          0,
          0,
          1,
          0,
        ),
        EDGE,
      ) +
      path("M604 520 L776 520 L760 1000 L620 1000 Z", "#ffffff", EDGE),
  ],
  detail: [450, 520, 1.7],
};

function cup(a: Art, c: string, x: number, y: number, s: number): string {
  return g(
    path(
      "M-150 0 L150 0 L120 300 Q118 320 96 320 L-96 320 Q-118 320 -120 300 Z",
      a.cyl("#fbfbf9", 0.6),
      EDGE,
    ) +
      path("M-140 70 L140 70 L124 250 L-124 250 Z", a.body(c, 0.6)) +
      circ(0, 160, 50, "#ffffff", `fill-opacity=".85"`) +
      circ(-15, 150, 16, "#d8343c") +
      circ(18, 170, 14, "#d8343c") +
      ell(
        0,
        0,
        160,
        34,
        a.lin([
          [0, "#eef1f4"],
          [1, "#aab0b8"],
        ]),
        EDGE,
      ),
    `transform="translate(${x} ${y}) scale(${s})"`,
  );
}

const yogurt: KindArt = {
  colour: "#e46aa0",
  views: [
    (a, c) => a.shadow(450, 1000, 340, 30) + cup(a, c, 330, 560, 1.15) + cup(a, c, 590, 650, 1.05),
    (a, c) =>
      a.shadow(450, 960, 300, 30) +
      path(
        "M300 560 L600 560 L570 900 Q566 930 540 930 L360 930 Q334 930 330 900 Z",
        a.cyl("#ffffff", 0.4),
        EDGE,
      ) +
      ell(450, 560, 150, 36, "#fbf5f0", EDGE) +
      path("M390 570 Q450 520 510 570 Q480 590 450 580 Q420 590 390 570 Z", lighten(c, 0.4)) +
      circ(420, 560, 16, "#d8343c") +
      g(
        rr(-14, -300, 28, 300, 12, a.cyl("#c9ccd2"), EDGE) + ell(0, 0, 40, 60, a.cyl("#c9ccd2"), EDGE),
        `transform="translate(560 560) rotate(30)"`,
      ),
  ],
  detail: [330, 700, 1.7],
};

function cheeseWedge(a: Art, c: string): string {
  const holes = [
    [300, 740, 34],
    [420, 820, 24],
    [560, 720, 30],
    [650, 830, 20],
    [250, 870, 18],
  ] as const;
  return (
    a.shadow(450, 960, 380, 30) +
    path(
      "M130 640 L720 420 L800 620 L800 940 L130 940 Z",
      a.lin([
        [0, lighten(c, 0.2)],
        [1, darken(c, 0.1)],
      ]),
      EDGE,
    ) +
    path("M130 640 L720 420 L800 620 Z", lighten(c, 0.28), EDGE) +
    path("M800 620 L800 940 L760 940 L760 640 Z", darken(c, 0.18)) +
    holes
      .map(
        ([x, y, r]) =>
          ell(x, y, r, r * 0.85, darken(c, 0.25)) + ell(x + 4, y + 4, r * 0.7, r * 0.6, darken(c, 0.12)),
      )
      .join("") +
    ell(560, 540, 30, 10, darken(c, 0.2))
  );
}

const cheese: KindArt = {
  colour: "#f2c54e",
  views: [
    cheeseWedge,
    (a, c) =>
      a.shadow(450, 940, 360, 30) +
      rr(140, 760, 620, 150, 20, a.vert("#b48a5a"), EDGE) +
      g(cheeseWedge(a, c), `transform="translate(450 600) scale(0.7) translate(-450 -680)"`) +
      g(rr(0, 0, 160, 260, 10, a.body(c, 0.5), EDGE), `transform="translate(560 520) rotate(20)"`),
  ],
  detail: [450, 760, 1.6],
};

function pouch(a: Art, c: string, fillInside: string): string {
  return (
    a.shadow(450, 1020, 300, 30) +
    path(
      "M220 220 L680 220 L700 960 Q700 1000 660 1000 L240 1000 Q200 1000 200 960 Z",
      a.body(c, 0.9, 0.6, 1),
      EDGE,
    ) +
    rr(220, 220, 460, 40, 8, darken(c, 0.2)) +
    line("M230 275 L670 275", darken(c, 0.3), 3, `stroke-dasharray="8 6"`) +
    rr(290, 420, 320, 320, 60, "#fbf6ea", EDGE) +
    fillInside +
    rr(290, 800, 320, 24, 12, "#ffffff", `fill-opacity=".75"`) +
    rr(340, 850, 220, 18, 9, "#ffffff", `fill-opacity=".5"`)
  );
}

function grains(x: number, y: number, w: number, h: number, colour: string, rx: number, ry: number): string {
  const out: string[] = [];
  let seed = 7;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < 90; i++) {
    const gx = x + next() * w;
    const gy = y + next() * h;
    out.push(
      ell(
        gx,
        gy,
        rx,
        ry,
        i % 3 ? colour : darken(colour, 0.2),
        `transform="rotate(${f(next() * 180)} ${f(gx)} ${f(gy)})"`,
      ),
    );
  }
  return out.join("");
}

const grain: KindArt = {
  colour: "#b0743a",
  views: [
    (a, c) => pouch(a, c, grains(310, 440, 280, 280, "#a46a3a", 13, 9)),
    (a, c) =>
      a.shadow(450, 960, 360, 40) +
      ell(450, 800, 320, 130, a.body("#f6f4ef", 0.5), EDGE) +
      ell(450, 790, 250, 96, "#e8e2d6") +
      path("M240 780 Q450 620 660 780 Q450 860 240 780 Z", "#a46a3a") +
      grains(260, 700, 380, 90, "#a46a3a", 14, 10) +
      g(
        pouch(a, c, grains(310, 440, 280, 280, "#a46a3a", 13, 9)),
        `transform="translate(660 430) scale(0.45) translate(-450 -600)"`,
      ),
  ],
  detail: [450, 560, 1.6],
};

const pasta: KindArt = {
  colour: "#2f5fb3",
  views: [
    (a, c) =>
      pouch(
        a,
        c,
        Array.from({ length: 14 }, (_, i) => {
          const x = 330 + (i % 4) * 70;
          const y = 460 + Math.floor(i / 4) * 72;
          return g(
            rr(-30, -14, 60, 28, 6, a.cyl("#eec46a"), EDGE) +
              line("M-24 -6 L24 -6 M-24 6 L24 6", "#c99a3a", 3),
            `transform="translate(${x} ${y}) rotate(${((i * 37) % 60) - 30})"`,
          );
        }).join(""),
      ),
    (a, c) =>
      a.shadow(450, 960, 360, 40) +
      ell(450, 800, 320, 130, a.body("#f6f4ef", 0.5), EDGE) +
      ell(450, 790, 250, 96, "#e8e2d6") +
      line(
        Array.from(
          { length: 16 },
          (_, i) => `M${260 + i * 24} 760 Q${300 + i * 20} ${700 + (i % 3) * 20} ${340 + i * 18} 800`,
        ).join(""),
        "#eec46a",
        10,
      ) +
      circ(450, 740, 50, "#c7323b", `fill-opacity=".85"`) +
      g(
        pouch(
          a,
          c,
          Array.from({ length: 8 }, (_, i) =>
            g(
              rr(-30, -14, 60, 28, 6, a.cyl("#eec46a"), EDGE),
              `transform="translate(${360 + (i % 3) * 90} ${500 + Math.floor(i / 3) * 90}) rotate(${((i * 37) % 60) - 30})"`,
            ),
          ).join(""),
        ),
        `transform="translate(660 420) scale(0.45) translate(-450 -600)"`,
      ),
  ],
  detail: [450, 560, 1.6],
};

function sauceBottle(a: Art, c: string): string {
  return (
    a.shadow(450, 1010, 220, 28) +
    rr(390, 170, 120, 120, 20, a.cyl("#fbfbf9"), EDGE) +
    rr(410, 140, 80, 40, 14, a.cyl("#fbfbf9"), EDGE) +
    path(
      "M400 290 L500 290 Q520 360 600 420 Q640 450 640 520 L640 940 Q640 1000 580 1000 L320 1000 Q260 1000 260 940 L260 520 Q260 450 300 420 Q380 360 400 290 Z",
      a.cyl(c),
      EDGE,
    ) +
    label(290, 560, 320, 300, darken(c, 0.3)) +
    path("M390 640 Q450 560 510 640 Q500 700 450 700 Q400 700 390 640 Z", "#d8343c") +
    path("M450 600 L455 575 L470 580", "none", `stroke="#3bb55a" stroke-width="8" stroke-linecap="round"`) +
    rr(280, 440, 30, 480, 15, "#ffffff", `fill-opacity=".3"`)
  );
}

const sauce: KindArt = {
  colour: "#c7323b",
  views: [sauceBottle, (a, c) => g(sauceBottle(a, c), `transform="rotate(-10 450 900)"`)],
  detail: [450, 620, 1.7],
};

function teaBox(a: Art, c: string): string {
  return (
    path("M180 360 L600 360 L720 300 L300 300 Z", lighten(c, 0.2), EDGE) +
    path("M600 360 L720 300 L720 880 L600 960 Z", darken(c, 0.25), EDGE) +
    rr(180, 360, 420, 600, 4, a.body(c, 0.6), EDGE) +
    ell(390, 590, 130, 120, "#ffffff", `fill-opacity=".88"`) +
    path("M330 600 Q390 480 450 600 Q390 660 330 600 Z", "#3b8a4f") +
    line("M340 600 L440 600", "#2a6a3a", 3) +
    rr(240, 770, 300, 22, 11, "#ffffff", `fill-opacity=".7"`) +
    line("M210 380 L570 380 M210 940 L570 940", lighten(c, 0.4), 6)
  );
}

const tea: KindArt = {
  colour: "#1f6b4a",
  views: [
    (a, c) =>
      a.shadow(450, 1000, 340, 30) +
      g(teaBox(a, c), `transform="translate(-40 -60)"`) +
      path(
        "M540 800 L760 800 L740 960 Q735 990 700 990 L600 990 Q565 990 560 960 Z",
        a.cyl("#fbfbf9", 0.6),
        EDGE,
      ) +
      ell(650, 800, 110, 22, "#9a5a20") +
      line("M760 830 C810 830 810 910 752 915", "#e9e9e7", 12) +
      line("M600 800 L590 680", "#d9d2c2", 3) +
      rr(570, 640, 40, 44, 4, c, EDGE),
    (a, c) => a.shadow(450, 990, 320, 30) + g(teaBox(a, c), `transform="translate(0 20)"`),
  ],
  detail: [390, 560, 1.7],
};

function beans(x: number, y: number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const bx = x + ((i * 73) % 260) - 130;
    const by = y + ((i * 37) % 70) - 35;
    const rot = (i * 47) % 180;
    out.push(
      g(
        ell(0, 0, 24, 17, "#4a2a16", EDGE) + line("M-18 0 Q0 -6 18 0", "#2a160a", 3),
        `transform="translate(${bx} ${by}) rotate(${rot})"`,
      ),
    );
  }
  return out.join("");
}

function coffeeBag(a: Art, c: string): string {
  return (
    path(
      "M230 240 L670 240 L700 980 Q700 1000 680 1000 L220 1000 Q200 1000 200 980 Z",
      a.body(c, 1, 0.6, 1),
      EDGE,
    ) +
    rr(230, 240, 440, 60, 6, darken(c, 0.3)) +
    circ(450, 380, 30, darken(c, 0.4), EDGE) +
    circ(450, 380, 14, darken(c, 0.6)) +
    ell(450, 620, 130, 130, "#f4e6cf", `fill-opacity=".92"`) +
    g(
      ell(0, 0, 60, 90, "#5a3520", EDGE) + line("M0 -80 Q-24 0 0 80", "#2a160a", 8),
      `transform="translate(450 620) rotate(20)"`,
    ) +
    rr(290, 820, 320, 24, 12, "#f4e6cf", `fill-opacity=".8"`) +
    rr(340, 870, 220, 16, 8, "#f4e6cf", `fill-opacity=".5"`)
  );
}

const coffee: KindArt = {
  colour: "#5a3520",
  views: [
    (a, c) => a.shadow(450, 1030, 360, 30) + coffeeBag(a, c) + beans(450, 1010, 16),
    (a, c) =>
      a.shadow(450, 950, 360, 40) +
      ell(450, 820, 300, 110, a.body("#8a6a4e", 0.6), EDGE) +
      beans(450, 800, 30) +
      g(coffeeBag(a, c), `transform="translate(450 420) scale(0.55) translate(-450 -600)"`),
  ],
  detail: [450, 600, 1.6],
};

const chocolate: KindArt = {
  colour: "#6b2a3a",
  views: [
    (a, c) => {
      const squares: string[] = [];
      for (let r = 0; r < 3; r++)
        for (let k = 0; k < 3; k++)
          squares.push(rr(230 + k * 150, 260 + r * 150, 136, 136, 12, a.body("#5a3520", 1.2), EDGE));
      return (
        a.shadow(450, 1020, 330, 30) +
        rr(220, 250, 460, 760, 16, "#3a1e10", EDGE) +
        squares.join("") +
        path("M210 600 L690 560 L690 1010 L210 1010 Z", a.body(c, 0.8), EDGE) +
        path("M210 600 L690 560 L690 600 L210 640 Z", "#d9d2c2") +
        ell(450, 820, 120, 90, "#f4e6cf", `fill-opacity=".9"`) +
        g(rr(-40, -26, 80, 52, 8, "#5a3520"), `transform="translate(450 820) rotate(-10)"`)
      );
    },
  ],
  detail: [450, 450, 1.6],
};

const bottle: KindArt = {
  colour: "#5aa0e0",
  views: [
    (a, c) =>
      a.shadow(450, 1030, 200, 26) +
      rr(400, 140, 100, 70, 12, a.cyl(c), EDGE) +
      path(
        "M410 210 L490 210 Q500 300 580 360 Q620 400 620 470 L620 960 Q620 1020 560 1020 L340 1020 Q280 1020 280 960 L280 470 Q280 400 320 360 Q400 300 410 210 Z",
        a.cyl(mix(c, "#eaf4fb", 0.75), 0.5),
        `${EDGE} fill-opacity=".9"`,
      ) +
      rr(280, 580, 340, 240, 4, a.body(c), EDGE) +
      ell(450, 700, 70, 50, "#ffffff", `fill-opacity=".85"`) +
      rr(300, 440, 30, 520, 15, "#ffffff", `fill-opacity=".45"`),
  ],
  detail: [450, 640, 1.6],
};

export const foodKinds = {
  milk,
  yogurt,
  cheese,
  grain,
  pasta,
  sauce,
  tea,
  coffee,
  chocolate,
  bottle,
} satisfies Record<string, KindArt>;
