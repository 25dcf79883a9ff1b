/**
 * `npx tsx bench/uploads.ts`: the upload pipeline's figures for ADR 057 on a 12 MP phone photo (4000 × 3000
 * JPEG with EXIF GPS and orientation, made here with sharp): time to re-encode, the whole pipeline's time
 * and throughput (read with the cap, sniff, header check, re-encode, store to disk) one at a time and 4 at
 * once, and the process's peak RSS while doing it. The pipeline runs in a child process of its own so its
 * peak RSS is the pipeline's, not the fixture's making. The row insert is left out (a primary-key insert).
 *
 * Environment: BENCH_UPLOADS (photos per measurement, default 12).
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const COUNT = Number(process.env.BENCH_UPLOADS ?? 12);

async function child(fixture: string, dir: string) {
  const { reencode, declaredSize } = await import("#server/domain/uploads/image.ts");
  const { createUploadsService } = await import("#server/domain/uploads/service.ts");
  const { createDiskStorage } = await import("#server/domain/uploads/storage.ts");
  const photo = await readFile(fixture);
  const idleRss = process.memoryUsage().rss;
  const repository = {
    insert: async (v: object) => v,
  } as unknown as Parameters<typeof createUploadsService>[0];
  const uploads = createUploadsService(repository, { storage: createDiskStorage(dir) });
  const body = () => new Blob([new Uint8Array(photo)]).stream();
  const time = async (n: number, work: () => Promise<unknown>) => {
    const started = performance.now();
    for (let i = 0; i < n; i++) await work();
    return (performance.now() - started) / n;
  };
  const headerMs = await time(COUNT, () => declaredSize(photo));
  const reencodeMs = await time(COUNT, () => reencode(photo, "image/jpeg"));
  const serialMs = await time(COUNT, () => uploads.upload({ userId: 1 }, "support", body()));
  const serialPeakRss = process.resourceUsage().maxRSS * 1024;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = 0; i < COUNT / 4; i++) await uploads.upload({ userId: 1 }, "support", body());
    }),
  );
  const parallelS = (performance.now() - started) / 1000;
  const stored = await uploads.upload({ userId: 1 }, "support", body());
  console.info(
    JSON.stringify({
      inputBytes: photo.byteLength,
      storedSide: `${stored.width}×${stored.height}`,
      headerMs,
      reencodeMs,
      serialMs,
      serialPerS: 1000 / serialMs,
      serialMBps: photo.byteLength / 1024 / 1024 / (serialMs / 1000),
      parallel4PerS: COUNT / parallelS,
      idleRssMb: idleRss / 1024 / 1024,
      serialPeakRssMb: serialPeakRss / 1024 / 1024,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
}

async function main() {
  if (process.argv[2] === "--child") return child(process.argv[3]!, process.argv[4]!);
  const { phonePhoto } = await import("#tests/fixtures/upload-data.ts");
  const dir = await mkdtemp(join(tmpdir(), "vitrina-bench-uploads-"));
  const fixture = join(dir, "phone.jpg");
  await writeFile(fixture, await phonePhoto(4000, 3000));
  try {
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", fileURLToPath(import.meta.url), "--child", fixture, join(dir, "store")],
      { encoding: "utf8", env: process.env },
    );
    const figures = JSON.parse(out.trim().split("\n").at(-1)!) as Record<string, number | string>;
    for (const [name, value] of Object.entries(figures)) {
      console.info(`${name.padEnd(16)} ${typeof value === "number" ? value.toFixed(1) : value}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
