import { type Art, circ, darken, EDGE, ell, g, lighten, line, mix, path, rr } from "./kit.ts";
import type { KindArt } from "./types.ts";

const GLASS_DARK = "#14171d";

function darkGlass(a: Art): string {
  return a.lin(
    [
      [0, "#3a4150"],
      [0.5, "#161a21"],
      [1, "#0a0c10"],
    ],
    0,
    0,
    1,
    1,
  );
}

function kettle(a: Art, c: string): string {
  const water = a.lin(
    [
      [0, "#cfe6f7", 0.9],
      [1, "#6fa3cc", 0.9],
    ],
    0,
    0,
    1,
    0,
  );
  const bodyPath =
    "M300 360 L600 360 Q632 362 640 400 L688 880 Q692 930 650 930 L250 930 Q208 930 212 880 L260 400 Q268 362 300 360 Z";
  return (
    a.shadow(450, 985, 300, 30) +
    rr(220, 920, 460, 56, 24, a.vert(darken(c, 0.35)), EDGE) +
    path("M262 400 L170 330 Q150 322 156 345 L250 520 Z", a.body(c), EDGE) +
    line("M600 420 C760 410 790 480 780 620 C770 780 720 830 650 850", darken(c, 0.35), 66) +
    line("M600 420 C760 410 790 480 780 620 C770 780 720 830 650 850", a.body(c, 1, 1, 0), 52) +
    path(bodyPath, a.cyl(c), EDGE) +
    rr(395, 470, 46, 390, 22, darken(c, 0.4)) +
    rr(401, 476, 34, 378, 17, water) +
    line("M405 560 L420 560 M405 650 L420 650 M405 740 L420 740", "#1c4b72", 3) +
    path("M295 360 Q450 300 605 360 Z", a.body(darken(c, 0.05)), EDGE) +
    rr(420, 305, 60, 30, 12, darken(c, 0.3)) +
    rr(680, 720, 40, 60, 12, "#2a2d33") +
    circ(700, 750, 8, "#4fa3ff")
  );
}

const kettleArt: KindArt = {
  colour: "#f1f1ef",
  boxed: true,
  views: [
    kettle,
    (a, c) => g(kettle(a, c), `transform="translate(900 0) scale(-1 1)"`),
    (a, c) =>
      g(kettle(a, c), `transform="translate(-120 140) scale(0.86)"`) +
      a.shadow(690, 1000, 150, 18) +
      path(
        "M600 850 L780 850 L765 975 Q760 1000 730 1000 L650 1000 Q620 1000 615 975 Z",
        a.cyl("#fbfbf9", 0.6),
        EDGE,
      ) +
      ell(690, 850, 90, 18, "#a0612a") +
      line("M780 880 C830 880 830 950 772 955", "#e9e9e7", 12),
  ],
  detail: [400, 620, 1.8],
};

function coffeeMachine(a: Art, c: string): string {
  return (
    a.shadow(450, 1010, 320, 30) +
    rr(170, 240, 560, 760, 40, a.body(c, 0.8), EDGE) +
    rr(190, 200, 520, 70, 30, a.vert(darken(c, 0.1)), EDGE) +
    rr(210, 290, 480, 130, 20, "#16181d") +
    rr(240, 320, 180, 70, 10, "#233244") +
    rr(250, 330, 160, 8, 4, "#4fb0ff", `fill-opacity=".7"`) +
    rr(250, 350, 110, 8, 4, "#4fb0ff", `fill-opacity=".4"`) +
    circ(480, 355, 20, "#3a3e46") +
    circ(540, 355, 20, "#3a3e46") +
    circ(600, 355, 20, "#3a3e46") +
    circ(650, 355, 12, "#d9a441") +
    rr(
      250,
      450,
      400,
      480,
      26,
      a.lin([
        [0, darken(c, 0.55)],
        [1, darken(c, 0.35)],
      ]),
    ) +
    rr(390, 450, 120, 80, 16, a.cyl("#a9adb4"), EDGE) +
    rr(415, 530, 24, 40, 8, "#6a6e75") +
    rr(461, 530, 24, 40, 8, "#6a6e75") +
    line("M427 575 L427 700 M473 575 L473 700", "#4a2c1a", 5, `stroke-opacity=".7"`) +
    path(
      "M370 700 L530 700 L515 830 Q512 850 490 850 L410 850 Q388 850 385 830 Z",
      a.cyl("#fbfbf9", 0.7),
      EDGE,
    ) +
    ell(450, 702, 80, 14, "#5a3520") +
    line("M530 730 C575 730 575 800 522 805", "#e9e9e7", 14) +
    rr(230, 860, 440, 100, 20, a.vert("#5a5e66"), EDGE) +
    line("M260 880 L640 880 M260 900 L640 900 M260 920 L640 920", "#2a2d33", 5)
  );
}

const coffeeMachineArt: KindArt = {
  colour: "#2b2d31",
  views: [
    coffeeMachine,
    (a, c) =>
      a.shadow(470, 1010, 330, 30) +
      path("M150 240 L560 240 L720 200 L720 930 L560 1000 L150 1000 Z", darken(c, 0.2), EDGE) +
      path("M560 240 L720 200 L720 930 L560 1000 Z", a.body(darken(c, 0.15), 1, 1, 0), EDGE) +
      g(coffeeMachine(a, c), `transform="translate(150 240) scale(0.73 1) translate(-170 -240)"`) +
      path("M560 200 L720 160 L720 200 L560 240 Z", lighten(c, 0.12)),
  ],
  detail: [450, 700, 1.7],
};

function microwave(a: Art, c: string, open: boolean): string {
  const mesh: string[] = [];
  for (let y = 480; y < 790; y += 14) mesh.push(`M140 ${y}L560 ${y}`);
  return (
    a.shadow(450, 900, 420, 28) +
    rr(60, 400, 780, 480, 30, a.body(c, 0.7), EDGE) +
    (open
      ? rr(
          100,
          440,
          500,
          400,
          10,
          a.rad([
            [0, "#fff4cf"],
            [1, "#b9a77a"],
          ]),
        ) +
        ell(
          350,
          760,
          190,
          40,
          a.rad([
            [0, "#ffffff"],
            [1, "#cfd3d8"],
          ]),
          EDGE,
        ) +
        path("M100 440 L40 380 L40 920 L100 840 Z", a.body(c, 0.7), EDGE) +
        path("M52 410 L92 450 L92 830 L52 880 Z", darkGlass(a))
      : rr(90, 430, 540, 420, 20, darken(c, 0.12), EDGE) +
        rr(120, 460, 460, 360, 14, darkGlass(a)) +
        `<path d="${mesh.join("")}" stroke="#000" stroke-opacity=".25" stroke-width="3"/>` +
        rr(120, 460, 460, 360, 14, a.gloss(0.18)) +
        rr(596, 470, 20, 340, 10, a.cyl(darken(c, 0.2)), EDGE)) +
    rr(650, 440, 160, 400, 16, darken(c, 0.08)) +
    rr(672, 470, 116, 50, 8, "#101317") +
    rr(686, 488, 60, 14, 4, "#33d17a", `fill-opacity=".75"`) +
    circ(
      730,
      610,
      52,
      a.rad(
        [
          [0, lighten(c, 0.2)],
          [1, darken(c, 0.35)],
        ],
        0.4,
        0.35,
      ),
      EDGE,
    ) +
    rr(725, 566, 10, 34, 5, darken(c, 0.55)) +
    rr(676, 700, 108, 34, 10, darken(c, 0.25)) +
    rr(676, 750, 108, 34, 10, darken(c, 0.25)) +
    rr(100, 876, 60, 16, 6, "#2a2d33") +
    rr(740, 876, 60, 16, 6, "#2a2d33")
  );
}

const microwaveArt: KindArt = {
  colour: "#f0f0ee",
  boxed: true,
  views: [(a, c) => microwave(a, c, false), (a, c) => microwave(a, c, true)],
  detail: [700, 620, 2],
};

function handBlender(a: Art, c: string): string {
  return (
    a.shadow(450, 1030, 260, 26) +
    path(
      "M540 640 L720 640 L700 1000 Q698 1020 678 1020 L582 1020 Q562 1020 560 1000 Z",
      a.cyl("#f6f6f4", 0.5),
      `${EDGE} fill-opacity=".9"`,
    ) +
    path(
      "M548 760 L712 760 L700 1000 Q698 1020 678 1020 L582 1020 Q562 1020 560 1000 Z",
      "#e88aa0",
      `fill-opacity=".8"`,
    ) +
    line("M720 680 C790 690 790 820 712 830", "#e4e4e2", 18) +
    g(
      rr(-60, -420, 120, 330, 56, a.cyl(c), EDGE) +
        rr(-28, -380, 56, 90, 24, darken(c, 0.3)) +
        rr(-40, -100, 80, 60, 20, a.cyl(darken(c, 0.3))) +
        rr(-24, -46, 48, 380, 20, a.cyl("#c9ccd2"), EDGE) +
        path("M-80 320 L80 320 Q90 380 60 400 L-60 400 Q-90 380 -80 320 Z", a.cyl("#b9bcc2"), EDGE),
      `transform="translate(390 540) rotate(-6)"`,
    )
  );
}

const blenderArt: KindArt = {
  colour: "#f3f3f1",
  boxed: true,
  views: [
    handBlender,
    (a, c) =>
      a.shadow(450, 1010, 260, 28) +
      path("M290 860 L610 860 L640 1000 L260 1000 Z", a.body(c), EDGE) +
      circ(450, 935, 34, darken(c, 0.3), EDGE) +
      rr(340, 820, 220, 50, 10, darken(c, 0.35)) +
      path("M300 300 L600 300 L570 820 L330 820 Z", a.cyl("#eef5fa", 0.5), `${EDGE} fill-opacity=".8"`) +
      path("M318 520 L582 520 L570 820 L330 820 Z", "#f2a23c", `fill-opacity=".8"`) +
      line("M600 360 C690 370 690 700 585 720", darken(c, 0.35), 30) +
      rr(290, 270, 320, 44, 16, darken(c, 0.3)) +
      path("M400 790 L500 790 L470 770 L430 770 Z", "#9aa0a8"),
  ],
  detail: [400, 420, 1.7],
};

function multicooker(a: Art, c: string): string {
  return (
    a.shadow(450, 920, 360, 32) +
    path(
      "M150 500 Q150 440 220 430 L680 430 Q750 440 750 500 L740 840 Q735 890 680 890 L220 890 Q165 890 160 840 Z",
      a.cyl(c),
      EDGE,
    ) +
    path("M170 460 Q180 300 450 290 Q720 300 730 460 Z", a.body(c, 1, 0, 1), EDGE) +
    path("M170 460 Q180 300 450 290 Q720 300 730 460 Z", a.gloss(0.25)) +
    rr(380, 260, 140, 50, 20, darken(c, 0.35)) +
    circ(560, 360, 22, "#9aa0a8", EDGE) +
    rr(150, 452, 600, 20, 10, darken(c, 0.3)) +
    rr(300, 560, 300, 220, 40, "#15181d") +
    rr(350, 590, 200, 70, 10, "#1d2a36") +
    rr(370, 612, 120, 12, 6, "#ff8a3a", `fill-opacity=".85"`) +
    circ(360, 720, 18, "#3a3e46") +
    circ(420, 720, 18, "#3a3e46") +
    circ(480, 720, 18, "#3a3e46") +
    circ(540, 720, 18, "#e0483a")
  );
}

const multicookerArt: KindArt = {
  colour: "#2e3035",
  boxed: true,
  views: [
    multicooker,
    (a, c) =>
      a.shadow(450, 920, 360, 32) +
      path("M190 470 Q200 200 450 190 Q700 200 710 470 Z", a.body(c, 1, 0, 1), EDGE) +
      path(
        "M230 470 Q240 250 450 240 Q660 250 670 470 Z",
        a.lin([
          [0, "#d9dce0"],
          [1, "#8a8f96"],
        ]),
        EDGE,
      ) +
      path(
        "M150 500 Q150 440 220 430 L680 430 Q750 440 750 500 L740 840 Q735 890 680 890 L220 890 Q165 890 160 840 Z",
        a.cyl(c),
        EDGE,
      ) +
      ell(450, 500, 270, 60, "#2a2c30") +
      ell(
        450,
        505,
        240,
        48,
        a.lin([
          [0, "#e8eaed"],
          [1, "#7d8288"],
        ]),
      ) +
      ell(450, 512, 210, 36, "#e9c989"),
  ],
  detail: [450, 660, 1.9],
};

function fridge(a: Art, c: string): string {
  return (
    a.shadow(450, 1070, 300, 28) +
    path(
      "M640 120 L700 150 L700 1040 L640 1060 Z",
      a.lin(
        [
          [0, darken(c, 0.12)],
          [1, darken(c, 0.3)],
        ],
        0,
        0,
        1,
        0,
      ),
      EDGE,
    ) +
    rr(200, 110, 450, 950, 26, a.body(c, 0.6, 1, 0.3), EDGE) +
    line("M204 700 L646 700", darken(c, 0.35), 5) +
    rr(590, 200, 20, 300, 10, a.cyl(mix(c, "#b7bbc2", 0.6)), EDGE) +
    rr(590, 740, 20, 200, 10, a.cyl(mix(c, "#b7bbc2", 0.6)), EDGE) +
    rr(200, 110, 450, 950, 26, a.gloss(0.16)) +
    rr(230, 1040, 40, 20, 6, "#2a2d33") +
    rr(580, 1040, 40, 20, 6, "#2a2d33")
  );
}

const fridgeArt: KindArt = {
  colour: "#eeeeec",
  views: [
    fridge,
    (a, c) => {
      const shelf = (y: number) => rr(250, y, 400, 10, 4, "#dfe9f2", `fill-opacity=".9" ${EDGE}`);
      return (
        a.shadow(450, 1070, 360, 28) +
        rr(240, 110, 420, 950, 20, a.body(c, 0.6), EDGE) +
        rr(
          256,
          126,
          388,
          560,
          12,
          a.rad(
            [
              [0, "#ffffff"],
              [1, "#d5dde5"],
            ],
            0.5,
            0.2,
            0.9,
          ),
        ) +
        rr(256, 716, 388, 330, 12, "#cfd8e1") +
        shelf(290) +
        shelf(450) +
        shelf(600) +
        rr(290, 200, 60, 90, 10, "#f0b43a") +
        rr(370, 230, 90, 60, 12, "#e35a4a") +
        rr(520, 170, 40, 120, 12, "#3f8bd6") +
        circ(330, 420, 30, "#7bc043") +
        circ(390, 425, 26, "#f28c28") +
        rr(470, 370, 120, 80, 14, "#fff3c4", EDGE) +
        rr(300, 520, 220, 80, 30, "#d9534f") +
        rr(290, 760, 320, 120, 14, "#bcd2e6", EDGE) +
        rr(290, 900, 320, 120, 14, "#bcd2e6", EDGE) +
        path("M660 110 L820 160 L820 690 L660 700 Z", a.body(c, 0.6, 1, 0), EDGE) +
        path("M660 716 L820 720 L820 1010 L660 1060 Z", a.body(c, 0.6, 1, 0), EDGE) +
        path("M240 110 L90 160 L90 690 L240 700 Z", a.body(c, 0.6), EDGE) +
        rr(110, 260, 100, 14, 5, "#dfe9f2") +
        rr(110, 420, 100, 14, 5, "#dfe9f2") +
        rr(120, 220, 30, 40, 6, "#f6f6f2", EDGE) +
        rr(160, 200, 34, 60, 8, "#8fc7ff", EDGE)
      );
    },
  ],
};

function washer(a: Art, c: string, dish: boolean): string {
  const panel = rr(190, 230, 520, 110, 24, darken(c, 0.06), EDGE);
  const controls = dish
    ? rr(230, 270, 200, 30, 10, "#1a1d22") +
      circ(500, 285, 14, "#3a3e46") +
      circ(550, 285, 14, "#3a3e46") +
      circ(600, 285, 14, "#3a3e46") +
      circ(650, 285, 10, "#33d17a")
    : rr(225, 258, 90, 56, 10, darken(c, 0.25)) +
      rr(360, 262, 150, 50, 8, "#101317") +
      rr(374, 280, 70, 12, 5, "#4fb0ff", `fill-opacity=".8"`) +
      circ(
        610,
        285,
        38,
        a.rad(
          [
            [0, lighten(c, 0.3)],
            [1, darken(c, 0.3)],
          ],
          0.4,
          0.35,
        ),
        EDGE,
      ) +
      rr(606, 252, 8, 24, 4, darken(c, 0.5));
  const front = dish
    ? rr(230, 400, 440, 30, 15, a.cyl("#b9bcc2"), EDGE) + rr(220, 470, 460, 470, 14, a.gloss(0.12))
    : circ(
        450,
        640,
        200,
        a.lin([
          [0, "#e4e6ea"],
          [1, "#8d9299"],
        ]),
        EDGE,
      ) +
      circ(450, 640, 168, darken(c, 0.15)) +
      circ(450, 640, 150, darkGlass(a)) +
      circ(450, 690, 120, "#5b7fb8", `fill-opacity=".45"`) +
      ell(420, 700, 90, 50, "#d86a7a", `fill-opacity=".45"`) +
      circ(450, 640, 150, a.gloss(0.3)) +
      rr(640, 600, 24, 80, 10, "#aab0b8", EDGE);
  return (
    a.shadow(450, 985, 320, 28) +
    rr(180, 220, 540, 760, 30, a.body(c, 0.6), EDGE) +
    panel +
    controls +
    front +
    rr(200, 950, 500, 20, 6, darken(c, 0.18))
  );
}

const washerArt: KindArt = {
  colour: "#f1f1ef",
  views: [
    (a, c) => washer(a, c, false),
    (a, c) =>
      a.shadow(450, 985, 330, 28) +
      path("M620 220 L730 180 L730 930 L620 980 Z", darken(c, 0.2), EDGE) +
      g(washer(a, c, false), `transform="translate(180 0) scale(0.82 1) translate(-180 0)"`),
  ],
  detail: [450, 640, 1.7],
};

const dishwasherArt: KindArt = {
  colour: "#c6c9ce",
  views: [
    (a, c) => washer(a, c, true),
    (a, c) => {
      const rack = (y: number, w: number) =>
        rr(450 - w / 2, y, w, 14, 6, "#aab0b8") +
        Array.from({ length: 7 }, (_, i) =>
          ell(450 - w / 2 + 40 + i * ((w - 80) / 6), y - 60, 22, 70, "#fbfbf9", EDGE),
        ).join("");
      return (
        a.shadow(450, 1000, 360, 30) +
        rr(180, 220, 540, 560, 30, a.body(c, 0.6), EDGE) +
        rr(210, 260, 480, 500, 14, "#b7bdc4") +
        rr(
          210,
          260,
          480,
          500,
          14,
          a.lin([
            [0, "#ffffff", 0.5],
            [1, "#000000", 0.25],
          ]),
        ) +
        rr(250, 320, 400, 14, 6, "#aab0b8") +
        Array.from({ length: 8 }, (_, i) => rr(270 + i * 48, 280, 34, 44, 14, "#eef4fa", EDGE)).join("") +
        rack(700, 420) +
        path("M180 780 L720 780 L800 990 L100 990 Z", a.body(c, 0.6, 0, 1), EDGE) +
        path("M220 800 L680 800 L740 960 L160 960 Z", "#a7adb5")
      );
    },
  ],
  detail: [450, 285, 2],
};

function stickVacuum(a: Art, c: string): string {
  return (
    a.shadow(470, 1030, 250, 26) +
    rr(300, 960, 330, 70, 30, a.vert("#3a3d44"), EDGE) +
    rr(300, 1000, 330, 12, 6, c) +
    circ(330, 1010, 22, "#1c1d21") +
    g(rr(-20, 0, 40, 600, 16, a.cyl(c), EDGE), `transform="translate(500 380) rotate(4)"`) +
    rr(440, 150, 130, 260, 40, a.cyl("#c9d3dc", 0.6), `${EDGE} fill-opacity=".75"`) +
    rr(455, 270, 100, 130, 26, "#8d99a6", `fill-opacity=".5"`) +
    path("M470 150 L540 150 L525 250 L485 250 Z", a.cyl(darken(c, 0.1))) +
    line("M560 210 C680 180 700 300 600 360", a.body("#3a3d44"), 40) +
    rr(560, 300, 100, 90, 20, a.body(darken(c, 0.1)), EDGE) +
    circ(505, 180, 40, a.cyl(lighten(c, 0.1)), EDGE) +
    circ(505, 180, 22, darken(c, 0.35))
  );
}

const vacuumArt: KindArt = {
  colour: "#8a4fc0",
  views: [
    (a, c) => g(stickVacuum(a, c), `transform="translate(460 1030) scale(1.12) translate(-460 -1030)"`),
    (a, c) =>
      a.shadow(450, 1040, 330, 30) +
      rr(380, 250, 140, 700, 60, "#d9dde2", EDGE) +
      rr(400, 240, 100, 20, 8, "#aab0b8") +
      g(stickVacuum(a, c), `transform="translate(-40 0)"`) +
      rr(330, 990, 240, 40, 16, "#d0d4d9", EDGE),
  ],
  detail: [527, 200, 1.8],
};

function robot(a: Art, c: string): string {
  return (
    a.shadow(450, 800, 380, 50) +
    path(
      "M110 640 L110 710 Q110 810 450 820 Q790 810 790 710 L790 640 Z",
      a.lin(
        [
          [0, mix(c, "#1d1f24", 0.7)],
          [0.3, mix(c, "#3a3d44", 0.5)],
          [1, mix(c, "#1d1f24", 0.8)],
        ],
        0,
        0,
        1,
        0,
      ),
      EDGE,
    ) +
    ell(
      450,
      640,
      340,
      150,
      a.rad(
        [
          [0, lighten(c, 0.2)],
          [1, darken(c, 0.08)],
        ],
        0.4,
        0.3,
        0.8,
      ),
      EDGE,
    ) +
    ell(450, 640, 340, 150, a.gloss(0.2)) +
    path(
      "M110 680 Q110 780 450 790 Q790 780 790 680",
      "none",
      `stroke="${darken(c, 0.5)}" stroke-width="6" stroke-opacity=".5"`,
    ) +
    ell(450, 590, 90, 44, darken(c, 0.25), EDGE) +
    ell(450, 580, 90, 40, a.body(mix(c, "#30333a", 0.5)), EDGE) +
    ell(450, 690, 80, 16, darken(c, 0.15)) +
    circ(420, 690, 8, "#33d17a") +
    circ(480, 690, 8, lighten(c, 0.4))
  );
}

const robotVacuumArt: KindArt = {
  colour: "#f2f2f0",
  boxed: true,
  views: [
    robot,
    (a, c) =>
      a.shadow(450, 900, 300, 40) +
      circ(450, 600, 310, mix(c, "#2a2c30", 0.7), EDGE) +
      circ(450, 600, 290, a.body(c, 0.8), EDGE) +
      circ(450, 600, 290, a.gloss(0.2)) +
      circ(450, 520, 84, a.body(mix(c, "#30333a", 0.7)), EDGE) +
      circ(450, 520, 44, mix(c, "#1d1f24", 0.8)) +
      path("M190 460 Q450 330 710 460", "none", `stroke="${darken(c, 0.25)}" stroke-width="6"`) +
      circ(450, 700, 20, "#33d17a") +
      circ(390, 720, 14, lighten(c, 0.3), EDGE) +
      circ(510, 720, 14, lighten(c, 0.3), EDGE),
    (a, c) =>
      a.shadow(450, 930, 380, 40) +
      rr(310, 260, 280, 560, 40, a.body("#e8e8e6", 0.6), EDGE) +
      rr(340, 300, 220, 160, 20, "#c9d6e2", EDGE) +
      rr(340, 480, 220, 160, 20, "#9aa8b6", EDGE) +
      g(robot(a, c), `transform="translate(450 700) scale(0.8) translate(-450 -700) translate(0 160)"`),
  ],
  detail: [450, 600, 1.7],
};

function iron(a: Art, c: string): string {
  return (
    a.shadow(450, 850, 360, 30) +
    path(
      "M120 800 Q200 640 380 600 L720 600 Q780 600 780 660 L780 800 Z",
      a.lin([
        [0, "#f3f5f8"],
        [1, "#9aa0a8"],
      ]),
      EDGE,
    ) +
    path("M140 780 Q220 620 400 560 L700 540 Q760 540 760 600 L760 780 Z", a.body(c, 1, 1, 1), EDGE) +
    path("M200 740 Q260 640 400 610 L560 600 L560 740 Z", a.cyl("#e9f3fb", 0.5), `fill-opacity=".55"`) +
    path(
      "M360 560 Q380 380 520 360 L720 360 Q770 360 770 420 L760 600 L690 600 L700 440 L520 440 Q450 450 440 560 Z",
      a.body(c),
      EDGE,
    ) +
    rr(560, 380, 80, 30, 12, darken(c, 0.35)) +
    circ(
      600,
      670,
      40,
      a.rad(
        [
          [0, lighten(c, 0.3)],
          [1, darken(c, 0.3)],
        ],
        0.4,
        0.35,
      ),
      EDGE,
    ) +
    line("M780 720 C840 720 850 820 880 840", "#2a2d33", 14)
  );
}

const ironArt: KindArt = {
  colour: "#3a7bd5",
  boxed: true,
  views: [
    iron,
    (a, c) => {
      const holes: string[] = [];
      for (let y = 420; y < 900; y += 60)
        for (let x = 360; x <= 540; x += 60) holes.push(circ(x, y, 9, "#7a8089"));
      return (
        a.shadow(450, 1010, 250, 30) +
        path(
          "M450 160 Q660 340 660 860 Q660 990 450 990 Q240 990 240 860 Q240 340 450 160 Z",
          a.body(c),
          EDGE,
        ) +
        path(
          "M450 200 Q630 370 630 850 Q630 960 450 960 Q270 960 270 850 Q270 370 450 200 Z",
          a.lin(
            [
              [0, "#ffffff"],
              [1, "#a5abb3"],
            ],
            0,
            0,
            1,
            1,
          ),
        ) +
        holes.join("")
      );
    },
  ],
  detail: [450, 520, 1.8],
};

function heater(a: Art, c: string): string {
  const fins = Array.from({ length: 9 }, (_, i) => rr(170 + i * 64, 330, 56, 560, 26, a.cyl(c), EDGE)).join(
    "",
  );
  return (
    a.shadow(470, 990, 360, 30) +
    rr(200, 900, 520, 20, 8, "#5a5e66") +
    circ(230, 950, 30, "#2a2d33") +
    circ(690, 950, 30, "#2a2d33") +
    line("M230 920 L230 950 M690 920 L690 950", "#2a2d33", 12) +
    fins +
    rr(160, 360, 600, 24, 10, darken(c, 0.12)) +
    rr(160, 830, 600, 24, 10, darken(c, 0.12)) +
    rr(740, 420, 90, 260, 20, a.body(darken(c, 0.05)), EDGE) +
    circ(785, 490, 26, darken(c, 0.35)) +
    circ(785, 580, 26, darken(c, 0.35)) +
    circ(785, 650, 8, "#ff7a3a")
  );
}

const heaterArt: KindArt = {
  colour: "#efefed",
  boxed: true,
  views: [heater],
};

export const applianceKinds = {
  kettle: kettleArt,
  coffeeMachine: coffeeMachineArt,
  microwave: microwaveArt,
  blender: blenderArt,
  multicooker: multicookerArt,
  fridge: fridgeArt,
  washer: washerArt,
  dishwasher: dishwasherArt,
  vacuum: vacuumArt,
  robotVacuum: robotVacuumArt,
  iron: ironArt,
  heater: heaterArt,
} satisfies Record<string, KindArt>;

export { GLASS_DARK };
