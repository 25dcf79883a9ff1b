import { type Art, circ, darken, EDGE, ell, g, lighten, line, luma, path, rr } from "./kit.ts";
import type { KindArt } from "./types.ts";

/** Soft fold shadows on cloth: a few blurred-looking dark strokes. */
function folds(c: string, d: string, opacity = 0.18): string {
  return line(d, darken(c, 0.5), 18, `stroke-opacity="${opacity}"`);
}

function cloth(a: Art, c: string): string {
  const k = luma(c) > 0.8 ? 1.8 : 1;
  return a.lin(
    [
      [0, lighten(c, 0.14)],
      [0.5, darken(c, 0.03 * k)],
      [1, darken(c, 0.18 * k)],
    ],
    0,
    0,
    1,
    1,
  );
}

const TEE =
  "M372 220 Q450 275 528 220 L660 262 L790 430 L690 500 L640 440 L642 1010 Q450 1030 258 1010 L260 440 L210 500 L110 430 L240 262 Z";

const tshirt: KindArt = {
  colour: "#f2f2f0",
  views: [
    (a, c) =>
      a.shadow(450, 1035, 260, 18, 0.22) +
      path(TEE, cloth(a, c), EDGE) +
      line("M372 222 Q450 282 528 222", darken(c, 0.2), 16) +
      line("M372 222 Q450 282 528 222", lighten(c, 0.08), 8) +
      folds(c, "M300 620 Q330 760 310 960 M600 600 Q570 780 590 960 M420 500 Q450 600 430 700") +
      line("M262 990 Q450 1010 640 990", darken(c, 0.2), 3, `stroke-dasharray="8 8"`) +
      line("M700 488 L632 435 M200 488 L268 435", darken(c, 0.25), 3),
    (a, c) =>
      a.shadow(450, 1080, 240, 16, 0.2) +
      line("M450 150 Q450 110 478 110 Q505 116 492 146 L450 178", "#8a8d93", 8) +
      g(
        path(
          "M372 220 Q450 240 528 220 L660 262 L790 430 L690 500 L640 440 L642 1010 Q450 1030 258 1010 L260 440 L210 500 L110 430 L240 262 Z",
          cloth(a, c),
          EDGE,
        ) +
          line("M380 222 Q450 242 520 222", darken(c, 0.2), 10) +
          folds(c, "M320 640 Q350 780 330 960 M580 620 Q560 780 580 960"),
        `transform="translate(450 250) scale(0.86) rotate(3) translate(-450 -250)"`,
      ) +
      line("M260 262 L450 178 L640 262", "#8a6a4e", 16),
    (a, c) =>
      a.shadow(450, 900, 300, 30, 0.3) +
      rr(210, 480, 480, 400, 26, cloth(a, c), EDGE) +
      path("M210 520 L690 520 L690 560 L210 560 Z", darken(c, 0.12)) +
      rr(210, 840, 480, 40, 12, darken(c, 0.15)) +
      path("M370 480 Q450 560 530 480 Z", darken(c, 0.2)) +
      line("M370 482 Q450 560 530 482", darken(c, 0.25), 10) +
      folds(c, "M240 700 L660 700", 0.1),
  ],
};

const SHIRT =
  "M380 210 L520 210 L660 250 Q740 300 770 600 L800 930 L710 945 L660 560 L650 1020 Q450 1040 250 1020 L240 560 L190 945 L100 930 L130 600 Q160 300 240 250 Z";

const shirt: KindArt = {
  colour: "#dfe8f5",
  views: [
    (a, c) =>
      a.shadow(450, 1040, 300, 18, 0.22) +
      path(SHIRT, cloth(a, c), EDGE) +
      rr(700, 900, 100, 50, 10, darken(c, 0.06), `${EDGE} transform="rotate(6 750 925)"`) +
      rr(100, 900, 100, 50, 10, darken(c, 0.06), `${EDGE} transform="rotate(-6 150 925)"`) +
      path("M380 210 L450 300 L400 330 L350 235 Z", lighten(c, 0.08), EDGE) +
      path("M520 210 L450 300 L500 330 L550 235 Z", lighten(c, 0.08), EDGE) +
      line("M450 300 L450 1030", darken(c, 0.22), 3) +
      Array.from({ length: 7 }, (_, i) => circ(450, 360 + i * 95, 9, lighten(c, 0.5), EDGE)).join("") +
      rr(290, 420, 100, 110, 8, "none", `stroke="${darken(c, 0.2)}" stroke-width="3"`) +
      folds(
        c,
        "M300 620 Q320 800 300 990 M600 620 Q580 800 600 990 M180 600 Q170 760 160 900 M720 600 Q730 760 740 900",
      ),
    (a, c) =>
      a.shadow(450, 900, 300, 30, 0.3) +
      rr(220, 470, 460, 410, 18, a.body(c, 0.6), EDGE) +
      path("M340 470 L450 600 L560 470 Z", darken(c, 0.15)) +
      path("M340 470 L450 560 L410 640 L320 500 Z", lighten(c, 0.08), EDGE) +
      path("M560 470 L450 560 L490 640 L580 500 Z", lighten(c, 0.08), EDGE) +
      line("M450 600 L450 880", darken(c, 0.22), 3) +
      circ(450, 680, 9, lighten(c, 0.5), EDGE) +
      circ(450, 780, 9, lighten(c, 0.5), EDGE),
  ],
  detail: [450, 330, 2],
};

const DRESS =
  "M345 180 L395 180 Q450 260 505 180 L555 180 Q565 300 610 340 Q600 440 575 520 L740 1040 Q450 1090 160 1040 L325 520 Q300 440 290 340 Q335 300 345 180 Z";

const dress: KindArt = {
  colour: "#c7323b",
  views: [
    (a, c) =>
      a.shadow(450, 1065, 290, 20, 0.22) +
      path(DRESS, cloth(a, c), EDGE) +
      path("M325 505 L575 505 L580 540 L320 540 Z", darken(c, 0.18)) +
      folds(c, "M400 560 Q370 800 300 1040 M450 560 L450 1060 M500 560 Q530 800 600 1040", 0.22) +
      line("M395 182 Q450 262 505 182", darken(c, 0.25), 6) +
      path("M290 340 Q330 380 330 500 L325 520 Q300 440 290 340 Z", darken(c, 0.2), `fill-opacity=".4"`),
    (a, c) =>
      a.shadow(450, 1100, 260, 16, 0.18) +
      line("M450 110 Q450 80 475 80 Q500 85 490 110 L450 140", "#8a8d93", 8) +
      line("M250 230 L450 140 L650 230", "#8a6a4e", 16) +
      g(
        path(DRESS, cloth(a, c), EDGE) +
          path("M325 505 L575 505 L580 540 L320 540 Z", darken(c, 0.18)) +
          folds(c, "M400 560 Q370 800 300 1040 M500 560 Q530 800 600 1040", 0.22),
        `transform="translate(450 230) scale(0.9) translate(-450 -200)"`,
      ),
  ],
  detail: [450, 420, 1.8],
};

const JEANS = "M262 200 L638 200 L690 1060 L505 1060 L458 480 L442 480 L395 1060 L210 1060 Z";

function denim(a: Art, c: string): string {
  return a.lin(
    [
      [0, lighten(c, 0.12)],
      [0.3, c],
      [0.6, lighten(c, 0.06)],
      [1, darken(c, 0.2)],
    ],
    0,
    0,
    1,
    1,
  );
}

const jeans: KindArt = {
  colour: "#2f4f86",
  views: [
    (a, c) => {
      const stitch = `stroke-dasharray="10 8"`;
      return (
        a.shadow(450, 1065, 280, 18, 0.22) +
        path(JEANS, denim(a, c), EDGE) +
        rr(262, 200, 376, 60, 6, darken(c, 0.08), EDGE) +
        circ(450, 230, 14, a.cyl("#c9a45a"), EDGE) +
        line("M450 262 Q455 360 420 430", "#d9a441", 3, stitch) +
        line("M270 300 Q350 300 370 262 M630 300 Q550 300 530 262", "#d9a441", 3, stitch) +
        line("M268 252 L632 252", "#d9a441", 3, stitch) +
        [300, 390, 510, 600].map((x) => rr(x, 192, 16, 76, 5, darken(c, 0.05), EDGE)).join("") +
        folds(
          c,
          "M330 600 Q345 700 330 800 M570 600 Q555 700 570 800 M300 960 Q330 990 380 980 M520 980 Q570 990 600 960",
          0.25,
        ) +
        line("M213 1040 L395 1040 M505 1040 L687 1040", "#d9a441", 3, stitch)
      );
    },
    (a, c) => {
      const stitch = `stroke-dasharray="10 8"`;
      const pocket = (x: number) =>
        path(
          `M${x} 340 L${x + 150} 340 L${x + 140} 480 L${x + 75} 510 L${x + 10} 480 Z`,
          darken(c, 0.05),
          EDGE,
        ) + line(`M${x + 10} 352 L${x + 140} 352`, "#d9a441", 3, stitch);
      return (
        a.shadow(450, 1065, 280, 18, 0.22) +
        g(
          path(JEANS, denim(a, c), EDGE) +
            rr(262, 200, 376, 60, 6, darken(c, 0.08), EDGE) +
            rr(390, 262, 120, 46, 6, "#b8865a", EDGE) +
            pocket(285) +
            pocket(465) +
            line("M450 262 L450 480", "#d9a441", 3, stitch) +
            folds(c, "M330 700 Q345 800 330 900 M570 700 Q555 800 570 900", 0.25),
          `transform="rotate(-6 450 1060)"`,
        )
      );
    },
    (a, c) =>
      a.shadow(450, 920, 300, 30, 0.3) +
      rr(220, 560, 460, 340, 20, denim(a, c), EDGE) +
      rr(220, 480, 460, 110, 20, a.body(c, 0.7), EDGE) +
      rr(220, 480, 460, 40, 10, darken(c, 0.1)) +
      circ(450, 500, 12, a.cyl("#c9a45a")) +
      line("M230 620 L670 620 M230 760 L670 760", darken(c, 0.3), 4, `stroke-opacity=".5"`),
  ],
  detail: [450, 270, 2],
};

const JACKET =
  "M360 200 L540 200 L680 260 Q760 310 780 620 L800 960 L700 970 L665 600 L665 1010 Q450 1030 235 1010 L235 600 L200 970 L100 960 L120 620 Q140 310 220 260 Z";

const jacket: KindArt = {
  colour: "#2c3e33",
  views: [
    (a, c) =>
      a.shadow(450, 1030, 320, 20, 0.25) +
      path(JACKET, cloth(a, c), EDGE) +
      [380, 520, 660, 800, 940]
        .map((y) => line(`M238 ${y} Q450 ${y + 22} 662 ${y}`, darken(c, 0.3), 5, `stroke-opacity=".6"`))
        .join("") +
      [470, 620, 770]
        .map((y) =>
          line(`M128 ${y} L228 ${y + 10} M672 ${y + 10} L772 ${y}`, darken(c, 0.3), 5, `stroke-opacity=".6"`),
        )
        .join("") +
      path("M360 200 Q450 170 540 200 L560 290 Q450 320 340 290 Z", a.body(darken(c, 0.1)), EDGE) +
      line("M450 300 L450 1020", "#16181c", 8) +
      line("M450 300 L450 1020", "#b9bcc2", 3, `stroke-dasharray="6 6"`) +
      rr(440, 300, 20, 40, 6, "#c9ccd2", EDGE) +
      rr(700, 920, 100, 50, 16, darken(c, 0.2)) +
      rr(100, 920, 100, 50, 16, darken(c, 0.2)),
    (a, c) =>
      a.shadow(450, 1030, 320, 20, 0.25) +
      g(
        path(JACKET, cloth(a, c), EDGE) +
          [380, 520, 660, 800, 940]
            .map((y) => line(`M238 ${y} Q450 ${y + 22} 662 ${y}`, darken(c, 0.3), 5, `stroke-opacity=".6"`))
            .join("") +
          path("M330 200 Q450 60 570 200 Q450 250 330 200 Z", a.body(c), EDGE),
        `transform="translate(450 1030) scale(0.92) rotate(5) translate(-450 -1030)"`,
      ),
  ],
  detail: [450, 300, 1.9],
};

/** A sneaker seen from its side, toe to the left. */
function sneaker(a: Art, c: string): string {
  const upper =
    "M110 900 Q80 820 170 790 L330 740 Q390 700 430 640 L470 565 Q520 540 565 558 L640 570 Q700 560 735 600 Q795 680 805 760 L820 900 Z";
  const laces: string[] = [];
  for (let i = 0; i < 5; i++) {
    const x = 440 + i * 28;
    const y = 640 - i * 18;
    laces.push(`M${x - 30} ${y - 20}L${x + 30} ${y + 20}M${x - 30} ${y + 20}L${x + 30} ${y - 20}`);
  }
  return (
    path(upper, a.body(c, 1, 0.3, 1), EDGE) +
    path("M110 900 Q80 820 170 790 L300 752 Q250 850 300 900 Z", darken(c, 0.12), `fill-opacity=".6"`) +
    path(
      "M700 580 Q780 660 790 780 L820 900 L690 900 Q720 760 660 640 Z",
      darken(c, 0.15),
      `fill-opacity=".7"`,
    ) +
    path(
      "M360 900 Q400 760 540 720 Q640 700 700 760",
      "none",
      `stroke="${lighten(c, 0.45)}" stroke-width="26" stroke-opacity=".8" stroke-linecap="round"`,
    ) +
    ell(600, 572, 70, 18, darken(c, 0.55)) +
    path("M430 640 L470 565 Q520 540 560 556 L520 640 Z", darken(c, 0.1)) +
    line(laces.join(""), "#f7f7f5", 9) +
    path(
      "M80 900 Q70 975 150 975 L800 975 Q845 970 835 900 Z",
      a.lin([
        [0, "#ffffff"],
        [1, "#d9dbe0"],
      ]),
      EDGE,
    ) +
    path("M90 950 Q100 985 150 988 L800 988 Q835 985 838 950 Z", "#3a3d44") +
    line("M120 925 L800 925", "#b9bcc2", 3, `stroke-dasharray="14 10"`)
  );
}

const sneakerArt: KindArt = {
  colour: "#f2f2f0",
  views: [
    (a, c) =>
      a.shadow(480, 1000, 390, 26) +
      g(sneaker(a, c), `transform="translate(170 -150) scale(0.78) rotate(-4 450 800)" opacity=".97"`) +
      g(sneaker(a, c), `transform="translate(20 60) scale(0.95)"`),
    (a, c) => a.shadow(450, 985, 400, 26) + g(sneaker(a, c), `transform="translate(-15 -80) scale(1.04)"`),
    (a, c) =>
      a.shadow(450, 1040, 200, 30) +
      path(
        "M450 160 Q610 170 610 420 Q610 620 590 800 Q570 1020 450 1030 Q330 1020 310 800 Q290 620 290 420 Q290 170 450 160 Z",
        "#f4f4f2",
        EDGE,
      ) +
      path(
        "M450 180 Q590 190 590 420 Q590 600 570 790 Q555 990 450 1000 Q345 990 330 790 Q310 600 310 420 Q310 190 450 180 Z",
        a.body(c, 1, 1, 1),
      ) +
      ell(450, 860, 90, 120, darken(c, 0.5)) +
      line(
        "M390 440 L510 480 M390 480 L510 440 M390 520 L510 560 M390 560 L510 520 M390 600 L510 640 M390 640 L510 600",
        "#f7f7f5",
        10,
      ),
  ],
  detail: [470, 680, 1.9],
};

function boot(a: Art, c: string, tall: boolean): string {
  const top = tall ? 150 : 400;
  return (
    path(
      `M500 ${top} L740 ${top} Q760 ${top + 20} 755 ${top + 60} L760 880 L140 880 Q120 800 200 770 L440 700 Q495 660 495 600 Z`,
      a.body(c, 1, 0.4, 1),
      EDGE,
    ) +
    path(`M500 ${top} L740 ${top} L740 ${top + 30} L500 ${top + 30} Z`, darken(c, 0.25)) +
    (tall
      ? line(`M730 ${top + 60} L730 840`, "#c9ccd2", 5, `stroke-dasharray="3 9"`)
      : line(
          Array.from({ length: 5 }, (_, i) => `M505 ${top + 60 + i * 50}L560 ${top + 80 + i * 50}`).join(""),
          lighten(c, 0.35),
          9,
        )) +
    path("M140 880 Q120 800 200 770 L300 740 Q260 820 300 880 Z", darken(c, 0.15), `fill-opacity=".6"`) +
    line(`M750 ${top + 40} Q770 ${top - 20} 790 ${top - 10}`, darken(c, 0.3), 10) +
    (tall
      ? path("M120 880 L770 880 L770 920 L640 920 L640 990 L560 990 L540 920 L120 920 Z", "#1d1e22")
      : path("M110 880 L775 880 L775 960 Q775 975 760 975 L130 975 Q110 975 110 950 Z", a.vert("#3a2f28")) +
        line("M130 950 L760 950", "#1d1e22", 10, `stroke-dasharray="24 14"`))
  );
}

const bootArt: KindArt = {
  colour: "#6d4a31",
  views: [
    (a, c) => a.shadow(450, 990, 390, 26) + g(boot(a, c, false), `transform="translate(0 20)"`),
    (a, c) =>
      a.shadow(450, 990, 390, 26) +
      g(boot(a, c, false), `transform="translate(900 -120) scale(-0.8 0.8) translate(-80 300)"`) +
      g(boot(a, c, false), `transform="translate(0 20)"`),
  ],
  detail: [530, 600, 1.8],
};

const tallBootArt: KindArt = {
  colour: "#1f2024",
  views: [
    (a, c) => a.shadow(450, 1010, 390, 26) + g(boot(a, c, true), `transform="translate(0 20)"`),
    (a, c) =>
      a.shadow(450, 1010, 390, 26) +
      g(boot(a, c, true), `transform="translate(900 -120) scale(-0.8 0.8) translate(-80 300)"`) +
      g(boot(a, c, true), `transform="translate(0 20)"`),
  ],
  detail: [600, 500, 1.7],
};

function heel(a: Art, c: string): string {
  return (
    path(
      "M100 880 Q110 820 200 800 L420 760 Q520 740 560 700 L680 560 Q720 520 760 560 Q790 600 770 660 L760 700 Q560 720 500 800 Q440 860 100 880 Z",
      a.body(c, 1.1, 0.4, 1),
      EDGE,
    ) +
    path(
      "M200 800 L420 760 Q520 740 560 700 L680 560 Q700 600 640 680 Q540 780 300 810 Z",
      darken(c, 0.45),
      `fill-opacity=".8"`,
    ) +
    path(
      "M100 880 Q440 870 520 800 Q600 730 760 700 L770 720 Q620 740 540 820 Q460 895 110 895 Z",
      "#2a1c14",
    ) +
    path("M720 700 L770 700 L740 980 L722 980 Z", a.cyl(darken(c, 0.2)), EDGE) +
    rr(716, 975, 30, 10, 3, "#1d1e22")
  );
}

const heelsArt: KindArt = {
  colour: "#1f2024",
  views: [
    (a, c) =>
      a.shadow(450, 990, 380, 24) +
      g(heel(a, c), `transform="translate(840 -80) scale(-0.85 0.85) translate(-40 150)" opacity=".97"`) +
      g(heel(a, c), `transform="translate(0 0)"`),
    (a, c) => a.shadow(450, 990, 380, 24) + heel(a, c),
  ],
  detail: [620, 700, 1.8],
};

function bagBody(a: Art, c: string): string {
  return (
    line("M310 470 Q310 200 450 200 Q590 200 590 470", darken(c, 0.35), 34) +
    line("M310 470 Q310 210 450 210 Q590 210 590 470", a.body(c), 24) +
    path(
      "M200 460 L700 460 L760 960 Q760 990 730 990 L170 990 Q140 990 140 960 Z",
      a.body(c, 1, 0.6, 1),
      EDGE,
    ) +
    path("M200 460 L700 460 L712 560 L188 560 Z", darken(c, 0.12)) +
    line("M192 548 L708 548", lighten(c, 0.3), 3, `stroke-dasharray="10 8"`) +
    rr(410, 540, 80, 60, 12, a.cyl("#d4b66e"), EDGE) +
    rr(296, 440, 30, 60, 8, "#c9a45a", EDGE) +
    rr(574, 440, 30, 60, 8, "#c9a45a", EDGE)
  );
}

const bagArt: KindArt = {
  colour: "#6d4a31",
  views: [(a, c) => a.shadow(450, 1000, 340, 26) + bagBody(a, c)],
  detail: [450, 540, 2],
};

function backpack(a: Art, c: string): string {
  return (
    a.shadow(450, 1050, 300, 26) +
    line("M390 170 Q450 110 510 170", darken(c, 0.4), 22) +
    path(
      "M240 360 Q240 170 450 160 Q660 170 660 360 L680 960 Q680 1030 610 1030 L290 1030 Q220 1030 220 960 Z",
      a.body(c, 1, 0.8, 1),
      EDGE,
    ) +
    line("M260 300 Q450 210 640 300", darken(c, 0.4), 6) +
    path(
      "M300 620 Q300 560 360 560 L540 560 Q600 560 600 620 L610 930 Q610 980 560 980 L340 980 Q290 980 290 930 Z",
      a.body(c, 1.2, 0.8, 1),
      EDGE,
    ) +
    line("M310 640 L590 640", darken(c, 0.45), 6) +
    rr(520, 630, 16, 50, 6, "#c9ccd2", EDGE) +
    rr(300, 420, 300, 60, 16, darken(c, 0.15)) +
    rr(200, 520, 40, 360, 16, darken(c, 0.3)) +
    rr(660, 520, 40, 360, 16, darken(c, 0.3)) +
    line("M260 840 L640 840", darken(c, 0.5), 12, `stroke-opacity=".7"`)
  );
}

const backpackArt: KindArt = {
  colour: "#3b5a7a",
  views: [
    backpack,
    (a, c) =>
      a.shadow(450, 1050, 300, 26) +
      path(
        "M240 360 Q240 170 450 160 Q660 170 660 360 L680 960 Q680 1030 610 1030 L290 1030 Q220 1030 220 960 Z",
        a.body(c, 0.8),
        EDGE,
      ) +
      rr(280, 300, 340, 560, 60, darken(c, 0.2)) +
      path("M340 220 Q300 500 320 980 L380 980 Q360 500 400 230 Z", a.body(darken(c, 0.35)), EDGE) +
      path("M560 220 Q600 500 580 980 L520 980 Q540 500 500 230 Z", a.body(darken(c, 0.35)), EDGE) +
      rr(330, 580, 240, 30, 10, "#2a2d33"),
  ],
  detail: [450, 640, 1.8],
};

export const fashionKinds = {
  tshirt,
  shirt,
  dress,
  jeans,
  jacket,
  sneaker: sneakerArt,
  boot: bootArt,
  tallBoot: tallBootArt,
  heels: heelsArt,
  bag: bagArt,
  backpack: backpackArt,
} satisfies Record<string, KindArt>;
