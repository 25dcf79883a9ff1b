/**
 * Contact sheets of the generated product pictures (server/domain/media/art), to look at them:
 * every kind × view, a few kinds per sheet, written to /tmp/art-sheet-N.png.
 *
 *   npx tsx scripts/art-contact-sheet.ts [kind …] [--colour=#hex] [--size=160] [--per=12] [--heroes] [--time]
 *
 * `--heroes` puts only each kind's first view on the sheets, six to a row (as a listing shows them).
 * `--time` also renders each kind's hero at 900×1200 and prints the median render time.
 */
import sharp, { type OverlayOptions } from "sharp";
import {
  ART_KINDS,
  type ArtKind,
  colourHex,
  drawProduct,
  viewCount,
} from "#server/domain/media/art/index.ts";

const args = process.argv.slice(2);
const opt = (name: string) => args.find((x) => x.startsWith(`--${name}=`))?.split("=")[1];
const size = Number(opt("size") ?? 160);
const per = Number(opt("per") ?? 12);
const chosen = args.filter((x) => !x.startsWith("--")) as ArtKind[];
const kinds = chosen.length > 0 ? chosen : [...ART_KINDS];
const cell = { w: size, h: Math.round((size * 4) / 3) };
const gap = 4;

async function tile(kind: ArtKind, view: number): Promise<Buffer> {
  const colour = opt("colour") ? `#${opt("colour")!.replace("#", "")}` : colourHex(undefined, kind);
  const svg = drawProduct({ kind, colour, view });
  return sharp(Buffer.from(svg), { density: (72 * cell.w) / 900 })
    .resize(cell.w, cell.h)
    .png()
    .toBuffer();
}

const heroes = args.includes("--heroes");

async function sheet(part: ArtKind[], index: number) {
  const cols = heroes ? 6 : 5;
  const tiles = part.flatMap((kind) =>
    heroes ? [{ kind, view: 0 }] : Array.from({ length: viewCount(kind) }, (_, view) => ({ kind, view })),
  );
  const rows = heroes ? Math.ceil(part.length / cols) : part.length;
  const width = cols * (cell.w + gap) + gap;
  const height = rows * (cell.h + gap) + gap;
  const composites: OverlayOptions[] = [];
  let slot = 0;
  let previous: ArtKind | undefined;
  for (const { kind, view } of tiles) {
    if (!heroes && kind !== previous && previous !== undefined) slot = Math.ceil(slot / cols) * cols;
    previous = kind;
    composites.push({
      input: await tile(kind, view),
      left: gap + (slot % cols) * (cell.w + gap),
      top: gap + Math.floor(slot / cols) * (cell.h + gap),
    });
    slot++;
  }
  const file = `/tmp/art-sheet-${index}.png`;
  await sharp({ create: { width, height, channels: 3, background: "#777777" } })
    .composite(composites)
    .png()
    .toFile(file);
  console.info(`${file}: ${part.join(", ")}`);
}

for (let i = 0; i * per < kinds.length; i++) await sheet(kinds.slice(i * per, (i + 1) * per), i + 1);

if (args.includes("--time")) {
  // Wall time depends on what else the machine runs; CPU time (all of the process's threads) does not.
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const kind of kinds) {
    for (let view = 0; view < viewCount(kind); view++) {
      const svg = drawProduct({ kind, colour: colourHex(undefined, kind), view });
      const start = performance.now();
      const used = process.cpuUsage();
      await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
      const spent = process.cpuUsage(used);
      wall.push(performance.now() - start);
      cpu.push((spent.user + spent.system) / 1000);
    }
  }
  const stats = (list: number[]) => {
    const sorted = [...list].sort((x, y) => x - y);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
    return `median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`;
  };
  console.info(`900×1200 SVG → JPEG, ${wall.length} pictures. Wall: ${stats(wall)}. CPU: ${stats(cpu)}`);
}
