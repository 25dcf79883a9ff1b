import { type Art, circ, darken, EDGE, ell, f, g, lighten, line, luma, mix, path, rr } from "./kit.ts";
import type { KindArt } from "./types.ts";

/** Soft fold shadows on cloth: a few blurred-looking dark strokes. */
function folds(c: string, d: string, opacity = 0.18): string {
  return line(d, darken(c, 0.5), 48, `stroke-opacity="${opacity * 0.4}"`);
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
  "M372 230 Q450 285 528 230 L665 272 L800 430 L700 505 L668 455 L670 960 Q450 980 230 960 L232 455 L200 505 L100 430 L235 272 Z";

const tshirt: KindArt = {
  colour: "#f2f2f0",
  views: [
    (a, c) =>
      a.shadow(450, 1035, 260, 18, 0.22) +
      path(TEE, cloth(a, c), EDGE) +
      line("M372 232 Q450 292 528 232", darken(c, 0.2), 16) +
      line("M372 232 Q450 292 528 232", lighten(c, 0.08), 8) +
      folds(c, "M300 620 Q330 760 310 930 M600 600 Q570 780 590 930") +
      line("M234 940 Q450 960 666 940", darken(c, 0.2), 3, `stroke-dasharray="8 8"`) +
      line("M708 492 L662 452 M192 492 L238 452", darken(c, 0.25), 3),
    (a, c) =>
      a.shadow(450, 1080, 240, 16, 0.2) +
      line("M450 150 Q450 110 478 110 Q505 116 492 146 L450 178", "#8a8d93", 8) +
      g(
        path(
          "M372 230 Q450 250 528 230 L665 272 L800 430 L700 505 L668 455 L670 960 Q450 980 230 960 L232 455 L200 505 L100 430 L235 272 Z",
          cloth(a, c),
          EDGE,
        ) +
          line("M380 232 Q450 252 520 232", darken(c, 0.2), 10) +
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

/** Crossing laces along the line from (x0, y0) to (x1, y1). */
function laceCross(x0: number, y0: number, x1: number, y1: number, n: number, half: number): string {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len = Math.hypot(dx, dy);
  const nx = (-dy / len) * half;
  const ny = (dx / len) * half;
  const d: string[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = i / n;
    const t1 = (i + 1) / n;
    const ax = x0 + dx * t0;
    const ay = y0 + dy * t0;
    const bx = x0 + dx * t1;
    const by = y0 + dy * t1;
    d.push(
      `M${f(ax + nx)} ${f(ay + ny)}L${f(bx - nx)} ${f(by - ny)}M${f(ax - nx)} ${f(ay - ny)}L${f(bx + nx)} ${f(by + ny)}`,
    );
  }
  return d.join("");
}

/** A sneaker seen from its side, toe to the left. */
function sneaker(a: Art, c: string): string {
  const upper =
    "M100 852 C92 800 120 770 190 755 C260 740 330 735 380 715 C420 700 450 660 470 620 L520 540 C530 515 560 500 590 505 C606 510 612 530 602 560 C640 575 690 575 720 555 C745 540 770 545 786 565 C815 620 830 720 836 830 L836 852 Z";
  const accent = luma(c) > 0.6 ? darken(c, 0.45) : lighten(c, 0.55);
  return (
    path(
      "M94 842 C82 880 96 926 150 934 L790 938 C832 936 846 905 842 858 L838 820 Q500 850 94 842 Z",
      a.lin([
        [0, "#ffffff"],
        [1, "#dcdee3"],
      ]),
      EDGE,
    ) +
    path(
      "M104 910 C118 938 140 948 172 950 L792 952 C826 950 842 934 844 906 L844 920 C842 950 826 962 790 962 L160 960 C126 958 106 940 104 910 Z",
      "#2f3238",
    ) +
    line("M130 880 L820 884", "#b9bcc2", 3, `stroke-dasharray="12 9"`) +
    path(upper, a.body(c, 1, 0.3, 1), EDGE) +
    path(
      "M100 852 C92 800 120 770 190 755 C222 749 252 746 276 745 C244 790 242 822 262 852 Z",
      darken(c, 0.1),
      `fill-opacity=".7"`,
    ) +
    path(
      "M700 640 C760 630 800 652 820 700 L834 852 L690 852 C704 780 692 700 700 640 Z",
      darken(c, 0.14),
      `fill-opacity=".8"`,
    ) +
    line("M300 842 C400 770 560 716 720 712", accent, 30, `stroke-opacity=".85"`) +
    path("M602 560 C640 575 690 575 720 555 C705 585 650 598 604 590 Z", "#2a2c31") +
    line("M394 714 L548 538", darken(c, 0.18), 46) +
    line(laceCross(394, 714, 548, 538, 5, 22), luma(c) > 0.6 ? "#fafaf8" : lighten(c, 0.7), 8) +
    rr(772, 548, 26, 60, 10, accent, `transform="rotate(28 785 578)"`)
  );
}

const sneakerArt: KindArt = {
  colour: "#f2f2f0",
  views: [
    (a, c) =>
      g(
        a.shadow(560, 880, 330, 20) +
          g(sneaker(a, c), `transform="translate(170 30) scale(0.84)"`) +
          a.shadow(430, 1010, 360, 24) +
          g(sneaker(a, c), `transform="translate(-40 110) scale(0.94)"`),
        `transform="translate(0 -90)"`,
      ),
    (a, c) => a.shadow(460, 975, 400, 26) + g(sneaker(a, c), `transform="translate(-40 -60) scale(1.08)"`),
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
      ell(450, 860, 90, 120, "#2a2c31") +
      line(laceCross(450, 420, 450, 700, 5, 60), luma(c) > 0.6 ? "#fafaf8" : lighten(c, 0.7), 10),
  ],
  detail: [470, 660, 1.9],
};

function boot(a: Art, c: string, tall: boolean): string {
  const upper = tall
    ? "M100 870 C90 810 130 780 210 768 C300 755 380 745 430 720 C470 700 488 660 490 600 L486 150 C560 140 660 140 736 150 C760 300 762 450 748 560 C742 630 770 700 790 760 C800 800 802 840 802 870 Z"
    : "M100 870 C90 810 130 780 210 768 C300 755 380 745 430 720 C470 700 488 660 492 600 L500 400 C560 390 650 385 722 392 C724 500 736 600 760 680 C790 760 800 820 802 870 Z";
  const top = tall ? 150 : 392;
  return (
    path(upper, a.body(c, 1.1, 0.5, 1), EDGE) +
    path(
      "M100 870 C90 810 130 780 210 768 C250 762 280 758 300 756 C262 800 262 840 290 870 Z",
      darken(c, 0.15),
      `fill-opacity=".7"`,
    ) +
    path(
      tall
        ? `M486 150 C560 140 660 140 736 150 L738 190 C660 180 560 180 487 190 Z`
        : `M500 400 C560 390 650 385 722 392 L723 430 C650 424 560 428 499 438 Z`,
      darken(c, 0.3),
    ) +
    (tall
      ? line("M712 200 C730 400 720 600 770 820", "#c9ccd2", 4, `stroke-dasharray="3 7"`) +
        rr(700, 190, 24, 40, 6, "#c9ccd2", EDGE)
      : line(laceCross(498, 440, 488, 680, 5, 26), lighten(c, 0.45), 8) +
        line("M722 400 Q752 330 790 360", darken(c, 0.3), 12)) +
    line(`M110 860 L800 860`, lighten(c, 0.25), 3, `stroke-dasharray="10 8"`) +
    (tall
      ? path("M94 870 L806 870 L806 900 L96 900 Z", "#1d1e22") +
        path("M640 900 L804 900 L796 990 L652 990 Z", a.vert("#2a2b2f"), EDGE)
      : path(
          "M92 870 L806 870 L806 935 Q806 955 786 955 L120 955 Q92 955 92 925 Z",
          a.vert("#2e2a26"),
          EDGE,
        ) + line("M120 945 L780 945", "#141414", 14, `stroke-dasharray="26 16"`)) +
    rr(top === 150 ? 480 : 494, top, 10, 10, 5, "none")
  );
}

const bootArt: KindArt = {
  colour: "#6d4a31",
  views: [
    (a, c) =>
      g(
        a.shadow(560, 880, 330, 20) +
          g(boot(a, c, false), `transform="translate(170 30) scale(0.84)"`) +
          a.shadow(430, 1020, 360, 24) +
          g(boot(a, c, false), `transform="translate(-40 120) scale(0.94)"`),
        `transform="translate(0 -90)"`,
      ),
    (a, c) =>
      a.shadow(450, 975, 390, 26) + g(boot(a, c, false), `transform="translate(-30 -40) scale(1.06)"`),
  ],
  detail: [560, 600, 1.8],
};

const tallBootArt: KindArt = {
  colour: "#1f2024",
  views: [
    (a, c) => a.shadow(450, 1005, 390, 26) + g(boot(a, c, true), `transform="translate(0 10)"`),
    (a, c) =>
      g(
        a.shadow(560, 900, 330, 20) +
          g(boot(a, c, true), `transform="translate(190 20) scale(0.82)"`) +
          a.shadow(420, 1030, 360, 24) +
          g(boot(a, c, true), `transform="translate(-30 100) scale(0.9)"`),
        `transform="translate(0 -60)"`,
      ),
  ],
  detail: [600, 500, 1.7],
};

function heel(a: Art, c: string): string {
  return (
    path(
      "M100 870 C120 820 220 790 330 770 C380 762 410 770 440 760 C520 730 600 620 650 560 C680 530 760 520 782 560 C796 600 790 650 770 690 L740 700 C600 760 420 860 300 880 L100 880 Z",
      a.body(c, 1.2, 0.4, 1),
      EDGE,
    ) +
    path(
      "M440 760 C520 735 600 630 650 570 C690 540 752 536 772 566 C700 600 560 722 452 778 Z",
      mix(darken(c, 0.5), "#c8a27a", 0.5),
    ) +
    path(
      "M100 880 L300 880 C420 860 600 760 740 700 L748 712 C600 776 430 878 300 892 L104 892 Z",
      "#2a1c14",
    ) +
    path("M730 692 L782 686 L760 985 L742 985 Z", a.cyl(darken(c, 0.15)), EDGE) +
    rr(736, 978, 30, 10, 3, "#1d1e22") +
    path(
      "M150 840 C220 800 300 785 360 780",
      "none",
      `stroke="#ffffff" stroke-opacity=".35" stroke-width="10" stroke-linecap="round"`,
    )
  );
}

const heelsArt: KindArt = {
  colour: "#1f2024",
  views: [
    (a, c) =>
      g(
        a.shadow(560, 870, 320, 18) +
          g(heel(a, c), `transform="translate(180 20) scale(0.84)"`) +
          a.shadow(430, 1010, 360, 22) +
          g(heel(a, c), `transform="translate(-40 90) scale(0.94)"`),
        `transform="translate(0 -90)"`,
      ),
    (a, c) => a.shadow(450, 990, 380, 24) + g(heel(a, c), `transform="translate(-20 -20) scale(1.04)"`),
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
